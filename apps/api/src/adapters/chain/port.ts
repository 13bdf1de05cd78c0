/**
 * What goes on the chain. Users are named by their ids: each backend turns one into a holder of its
 * own (on an EVM chain, a custodial address).
 */
export type ChainRecord =
  | { kind: 'mint'; tokenId: string; payload: { owner: number; event: number; ticket_type: number } }
  | { kind: 'transfer'; tokenId: string; payload: { from: number; to: number; resale?: number } }
  | { kind: 'burn'; tokenId: string; payload: { refund: number } };

/**
 * Where tickets are minted, transferred and burned; the rest of the code sees only this. The portal
 * retries whatever it could not confirm, so each record is safe to put twice: a mint of a token that
 * is minted or burned changes nothing, and neither does a transfer to the token's holder or a second
 * burn. A burn may come before its token's mint (a refund racing the mint) and the mint then never
 * happens.
 */
export interface Chain {
  readonly kind: 'local' | 'evm';
  /** Puts one record on the chain; resolves once it is there. */
  record(entry: ChainRecord): Promise<void>;
  /** Puts records on the chain in order, at once where the chain allows (a rush's mints in one write). */
  recordAll(entries: ChainRecord[]): Promise<void>;
  /**
   * Checks the chain itself: on the local ledger, that every record chains to the one before it; on
   * an EVM chain, which keeps its own history whole, that the contract is run by this operator.
   * `records` counts the ledger's records, or the contract's mints.
   */
  verify(): Promise<{ ok: boolean; records: number; brokenAt?: number }>;
}
