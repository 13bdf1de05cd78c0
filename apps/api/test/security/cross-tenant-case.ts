import type { Tenant } from './tenants.ts';

/** One request to a route: its address with the ids filled in, and a body that passes validation. */
export type Call = {
  url: string;
  payload?: unknown;
  /**
   * For an id the body names as a reference, which the route checks as a field (422), not as the
   * object addressed (404): the same call naming an id that exists nowhere, which must be answered
   * exactly alike, so the answer tells nothing about the other organisation.
   */
  sameAsMissing?: Call;
  /**
   * The caller's own objects with one of the owner's ids mixed in (in the body, say): it must answer
   * 404, exactly like an id that does not exist, never act on the caller's objects and ignore the rest.
   */
  mixed?: true;
};

/**
 * How to call a route on `owner`'s data while signed in to `caller`'s organisation. The first call
 * names the owner in every id; any further calls keep the caller's own organisation id and name
 * only the owner's objects, the way a forged request would. Called with owner = caller, the first
 * call is the route's ordinary use.
 */
export type CallBuilder = (owner: Tenant, caller: Tenant) => Call[];

export type Case = {
  calls: CallBuilder;
  /**
   * A route that takes no id of another organisation (it is scoped by the token alone) answers 200,
   * with none of the other organisation's data.
   */
  scopedByToken?: true;
  /** What the route answers its ordinary use with, when that is not 200. */
  ownStatus?: number;
};
