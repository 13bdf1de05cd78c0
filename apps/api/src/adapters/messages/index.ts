import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';

export type TextMessage = { to: string; text: string };

/** Text messages to phones. The default keeps them in the outbox; an SMS gateway slots in here. */
export interface Messenger {
  readonly kind: 'outbox';
  send(message: TextMessage): Promise<void>;
}

export function createMessenger(db: Db, log: (line: string) => void): Messenger {
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(outbox).values({ channel: 'sms', to: message.to, text: message.text });
      log(`text message to ${message.to}: ${message.text}`);
    },
  };
}
