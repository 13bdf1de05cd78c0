import { parseTicketPass, type GateList } from '@portal/contract';

const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/**
 * Checks scanned passes against the organiser's public keys with the browser's own Ed25519, so that a
 * gate without a network still refuses a forged or altered code. Keys are imported once each.
 */
export function createPassVerifier(keys: GateList['keys']) {
  const imported = new Map<number, Promise<CryptoKey | null>>();
  const keyFor = (id: number) => {
    let key = imported.get(id);
    if (!key) {
      const known = keys.find((k) => k.id === id);
      key = known
        ? Promise.resolve().then(() =>
            crypto.subtle.importKey('raw', fromBase64Url(known.public_key), { name: 'Ed25519' }, false, ['verify']),
          )
        : Promise.resolve(null);
      imported.set(id, key);
    }
    return key;
  };
  return {
    /**
     * Whether `text` is a pass whose signature holds under one of the keys; a pass under a key the
     * list does not name yet (the organiser's keys were rotated since the list was taken) cannot be
     * told either way here, nor can a browser without Ed25519 in its WebCrypto.
     */
    async check(text: string): Promise<'genuine' | 'forged' | 'unknown key' | 'unverifiable'> {
      const pass = parseTicketPass(text);
      if (!pass) return 'forged';
      if (!keys.some((k) => k.id === pass.keyId)) return 'unknown key';
      const key = await keyFor(pass.keyId).catch(() => undefined);
      if (!key) return 'unverifiable';
      const holds = await crypto.subtle
        .verify('Ed25519', key, fromBase64Url(pass.signature), new TextEncoder().encode(pass.signed))
        .catch(() => false);
      return holds ? 'genuine' : 'forged';
    },
  };
}

export type PassVerifier = ReturnType<typeof createPassVerifier>;
