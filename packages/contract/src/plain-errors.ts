import { config, type core } from 'zod';

/** A field named in words: `full_name` → "Full name", `items.0.quantity` → "Quantity", `partner_id` → "Partner ID". */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const name = [...path].reverse().find((part): part is string => typeof part === 'string');
  if (!name) return 'This value';
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[_\-\s]+/)
    .filter(Boolean)
    .map((word) => (word.toLowerCase() === 'id' ? 'ID' : word.toLowerCase()));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const kinds: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a set of values',
  date: 'a date',
};

/** A bound as people read it: a date's is an instant in milliseconds. */
const limit = (value: number | bigint, origin: string) =>
  origin === 'date' ? new Date(Number(value)).toISOString() : String(value);

function tooBig(field: string, issue: core.$ZodRawIssue<core.$ZodIssueTooBig>) {
  const most = limit(issue.maximum, issue.origin);
  if (issue.origin === 'string') return `${field} can have at most ${most} characters.`;
  if (issue.origin === 'array' || issue.origin === 'set') return `${field} can have at most ${most} items.`;
  if (issue.origin === 'file') return `${field} is too large.`;
  if (issue.origin === 'date') return `${field} must be on or before ${most}.`;
  return issue.inclusive === false ? `${field} must be less than ${most}.` : `${field} must be ${most} or less.`;
}

function tooSmall(field: string, issue: core.$ZodRawIssue<core.$ZodIssueTooSmall>) {
  const least = limit(issue.minimum, issue.origin);
  if (issue.origin === 'string')
    return least === '1' ? `${field} is required.` : `${field} needs at least ${least} characters.`;
  if (issue.origin === 'array' || issue.origin === 'set') return `${field} needs at least ${least} items.`;
  if (issue.origin === 'date') return `${field} must be on or after ${least}.`;
  return issue.inclusive === false ? `${field} must be more than ${least}.` : `${field} must be ${least} or more.`;
}

function badFormat(field: string, issue: core.$ZodRawIssue<core.$ZodIssueInvalidStringFormat>) {
  if (issue.format === 'email') return `${field} must be a valid e-mail address.`;
  if (issue.format === 'url') return `${field} must be a valid web address.`;
  if (issue.format === 'datetime' || issue.format === 'date') return `${field} must be a valid date.`;
  return `${field} is not in the expected form.`;
}

/**
 * Zod's own messages name types and schema terms ("Invalid input: expected number, received NaN") and
 * reach people through forms and the API's answers. Every message the contract does not write itself
 * is a plain sentence naming the field in words instead, whichever side parses; the contract's own
 * messages still win.
 */
export function plainMessage(issue: core.$ZodRawIssue): string {
  const field = fieldLabel(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `${field} is required.`;
      return `${field} must be ${kinds[issue.expected] ?? 'a valid value'}.`;
    case 'too_big':
      return tooBig(field, issue);
    case 'too_small':
      return tooSmall(field, issue);
    case 'invalid_format':
      return badFormat(field, issue);
    case 'not_multiple_of':
      return `${field} must be a multiple of ${issue.divisor}.`;
    case 'invalid_value':
      return `${field} must be one of the options offered.`;
    case 'unrecognized_keys':
      return `${issue.keys.length === 1 ? 'A value' : 'Some values'} in this request ${issue.keys.length === 1 ? 'is' : 'are'} not expected here.`;
    default:
      return `${field} is not valid.`;
  }
}

config({ customError: plainMessage });
