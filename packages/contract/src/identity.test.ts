import { describe, expect, it } from 'vitest';
import { colourSchema } from './common.ts';
import { signInBodySchema } from './identity.ts';

describe('sign-in schema', () => {
  it('trims and lower-cases the e-mail', () => {
    expect(signInBodySchema.parse({ email: '  Dana@Example.TEST ', password: 'x' }).email).toBe('dana@example.test');
  });

  it('answers the spec messages', () => {
    const issues = (body: unknown) =>
      signInBodySchema.safeParse(body).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ email: '', password: '' })).toEqual(['email: email is required', 'password: Password is required']);
    expect(issues({ email: 'dana@', password: 'x' })).toEqual(['email: invalid email']);
    expect(issues({})).toEqual(['email: email is required', 'password: Password is required']);
  });
});

describe('colour schema', () => {
  it('takes a hex colour or an empty string that clears it', () => {
    expect(colourSchema.safeParse('#1B4965').success).toBe(true);
    expect(colourSchema.safeParse('').success).toBe(true);
    expect(colourSchema.safeParse('red').success).toBe(false);
    expect(colourSchema.safeParse('#12345').success).toBe(false);
  });
});
