import { idParamSchema } from '@portal/contract';
import { expect, it } from 'vitest';
import { isIdParam } from './route-ids.ts';

it('takes as an id exactly what the contract takes', () => {
  for (const value of [
    '1',
    '42',
    '9999999999',
    '2147483647',
    '2147483648',
    '0',
    '01',
    'abc',
    'NaN',
    '-3',
    '1.5',
    '',
    '12345678901',
    '1e3',
    ' 7',
  ]) {
    expect(isIdParam(value), value).toBe(idParamSchema.safeParse(value).success);
  }
  expect(isIdParam(undefined)).toBe(false);
});
