import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './plain-errors.ts';
import { fieldLabel } from './plain-errors.ts';

const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('plain messages', () => {
  it('names fields in words', () => {
    expect(fieldLabel(['full_name'])).toBe('Full name');
    expect(fieldLabel(['items', 0, 'quantity'])).toBe('Quantity');
    expect(fieldLabel(['partner_id'])).toBe('Partner ID');
    expect(fieldLabel(['startDate'])).toBe('Start date');
    expect(fieldLabel([])).toBe('This value');
  });

  it('says what is wrong without schema terms, and leaves the contract’s own messages alone', () => {
    const body = z.object({
      full_name: z.string().max(5),
      items: z.array(z.object({ quantity: z.number().int().max(20) })),
      email: z.email(),
      note: z.string().min(1, 'Write a note first.'),
      when: z.date().max(new Date('2030-01-01T00:00:00Z')),
    });
    expect(messageOf(body.shape.full_name, 'abcdefg')).toBe('This value can have at most 5 characters.');
    const issues = body.safeParse({
      full_name: 'abcdefg',
      items: [{ quantity: Number.NaN }, { quantity: 25 }, { quantity: 1.5 }],
      email: 'nope',
      note: '',
      when: new Date('2031-01-01T00:00:00Z'),
    }).error!.issues;
    expect(issues.map((i) => i.message)).toEqual([
      'Full name can have at most 5 characters.',
      'Quantity must be a number.',
      'Quantity must be 20 or less.',
      'Quantity must be a whole number.',
      'Email must be a valid e-mail address.',
      'Write a note first.',
      'When must be on or before 2030-01-01T00:00:00.000Z.',
    ]);
    expect(messageOf(z.object({ id: z.number() }), {})).toBe('ID is required.');
    for (const issue of issues) expect(issue.message).not.toMatch(/invalid input|expected|received|too big|nan\b/i);
  });
});
