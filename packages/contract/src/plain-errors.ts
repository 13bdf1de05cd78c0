import { config, type core } from 'zod';

const kinds: Record<string, string> = {
  string: 'text',
  number: 'number',
  int: 'whole number',
  boolean: 'yes or no',
  array: 'list',
  object: 'set of values',
  date: 'date',
};

const tooBig = (issue: core.$ZodRawIssue<core.$ZodIssueTooBig>) => {
  const most = String(issue.maximum);
  if (issue.origin === 'string') return `Use at most ${most} characters.`;
  if (issue.origin === 'array' || issue.origin === 'set') return `Choose at most ${most}.`;
  if (issue.origin === 'file') return 'The file is too large.';
  return issue.inclusive === false ? `Use less than ${most}.` : `Use ${most} or less.`;
};

const tooSmall = (issue: core.$ZodRawIssue<core.$ZodIssueTooSmall>) => {
  const least = String(issue.minimum);
  if (issue.origin === 'string') return least === '1' ? 'Fill this in.' : `Use at least ${least} characters.`;
  if (issue.origin === 'array' || issue.origin === 'set') return `Choose at least ${least}.`;
  return issue.inclusive === false ? `Use more than ${least}.` : `Use ${least} or more.`;
};

const badFormat = (issue: core.$ZodRawIssue<core.$ZodIssueInvalidStringFormat>) => {
  if (issue.format === 'email') return 'Enter a valid e-mail address.';
  if (issue.format === 'url') return 'Enter a valid web address.';
  if (issue.format === 'datetime' || issue.format === 'date') return 'Enter a valid date.';
  return 'This is not in the expected form.';
};

/**
 * Zod's own messages name types and schema terms ("Invalid input: expected number, received NaN") and
 * reach people through forms and the API's answers. Every schema message the contract does not write
 * itself is a plain sentence instead, whichever side parses: the contract's own messages still win.
 */
export function plainMessage(issue: core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'This is required.';
      return `Enter a ${kinds[issue.expected] ?? 'valid value'}.`;
    case 'too_big':
      return tooBig(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'invalid_format':
      return badFormat(issue);
    case 'not_multiple_of':
      return `Use a multiple of ${issue.divisor}.`;
    case 'invalid_value':
      return 'Choose one of the options offered.';
    case 'unrecognized_keys':
      return 'This holds a value that is not expected here.';
    default:
      return 'This value is not valid.';
  }
}

config({ customError: plainMessage });
