import { invalid } from './http-error.ts';

/** Shown under the password field when the password is one attackers try first. */
export const tooCommonPassword = 'This password is too common. Choose one that is harder to guess.';
export const tooShortPassword = 'Password must be at least 8 characters';

let common: Promise<Set<string>> | undefined;

/**
 * The ~18,000 passwords of 8 or more characters from zxcvbn-ts's list of common and breached passwords,
 * shipped in the package (no network). Read on the first password chosen, then kept: a Set, so each check
 * is one lookup. Only the server has it; the web bundle never does.
 */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(dictionary['passwords-common'].filter((p) => p.length >= 8).map((p) => p.toLowerCase())),
  );
  return common;
}

/**
 * A password someone is choosing (reset, invitation, set password): at least 8 characters (NIST
 * 800-63B), not one character over and over, and not in the list of common passwords, in any case.
 * Refuses with a 422 whose `fields.password` the portal shows under the field.
 */
export async function checkNewPassword(password: string): Promise<void> {
  if (password.length < 8) throw invalid(tooShortPassword, { password: tooShortPassword });
  const lower = password.toLowerCase();
  if (/^(.)\1*$/su.test(lower) || (await commonPasswords()).has(lower)) {
    throw invalid(tooCommonPassword, { password: tooCommonPassword });
  }
}
