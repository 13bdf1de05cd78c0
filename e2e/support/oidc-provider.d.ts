// oidc-provider ships no types; the tests' stand-in for Google uses only its constructor and listen().
declare module 'oidc-provider' {
  type Account = { accountId: string; claims: () => Record<string, unknown> };
  export default class Provider {
    constructor(
      issuer: string,
      configuration: Record<string, unknown> & { findAccount?: (ctx: unknown, id: string) => Account },
    );
    listen(port: number, callback?: () => void): unknown;
  }
}
