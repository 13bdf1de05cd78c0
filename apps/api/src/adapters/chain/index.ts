import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createEvmChain } from './evm.ts';
import { createLocalLedger } from './local-ledger.ts';
import type { Chain } from './port.ts';

export type { Chain, ChainRecord } from './port.ts';
// Putting the contract on a chain is the operator's step (scripts/deploy-contract.ts), not the portal's.
export { deployPortalTickets } from './evm.ts';

/** A ticket's token: `tkt-` and the ticket's id. */
export const tokenIdOf = (ticketId: number) => `tkt-${ticketId}`;

export function createChain(db: Db, settings: Config['chain'] = { kind: 'local' }): Chain {
  return settings.kind === 'evm' ? createEvmChain(settings) : createLocalLedger(db);
}
