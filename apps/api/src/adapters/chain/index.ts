import type { Db } from '../../db/client.ts';
import { createLocalLedger } from './local-ledger.ts';

export type ChainRecord = { kind: 'mint' | 'transfer' | 'burn'; tokenId: string; payload: Record<string, unknown> };

/** Where tickets are minted, transferred and burned; the rest of the code sees only this. */
export interface Chain {
  readonly kind: 'local' | 'evm';
  /** Appends a record; answers its position on the chain. */
  record(entry: ChainRecord): Promise<{ seq: number; hash: string }>;
  /** Appends records in order, at once where the chain allows (a rush's mints in one write). */
  recordAll(entries: ChainRecord[]): Promise<{ seq: number; hash: string }[]>;
  /** Checks that every record chains to the one before it. */
  verify(): Promise<{ ok: boolean; records: number; brokenAt?: number }>;
}

export function createChain(db: Db): Chain {
  return createLocalLedger(db);
}
