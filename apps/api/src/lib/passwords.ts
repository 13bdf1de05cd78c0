import { hash, verify } from '@node-rs/argon2';
import { checkNewPassword } from './password-policy.ts';

// argon2id with the OWASP-recommended minimum (19 MiB, 2 passes).
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

/** A password a person is choosing: the policy first (422 on the password field), then the hash. */
export async function hashNewPassword(password: string): Promise<string> {
  await checkNewPassword(password);
  return hashPassword(password);
}

/** A hash of nothing, verified when the e-mail is unknown so both paths take the same time. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword('decoy-password-never-matches');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
