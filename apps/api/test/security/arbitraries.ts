import fc from 'fast-check';

/**
 * Payloads derived from a route's zod schemas by walking their definitions, so a new route or field
 * is covered without naming it here. `validFor` aims at what the schema accepts (refinements may
 * still refuse it); `hostileFor` takes such a value and breaks one part of it.
 */

type Def = { type: string } & Record<string, unknown>;
type Check = { check: string } & Record<string, unknown>;

/** Values that are valid in the seeded world (ids of the partner's records…), by field name. */
export type Known = Record<string, readonly unknown[]>;

export class UnwalkableSchemaError extends Error {}

function defOf(schema: unknown, path: string): Def {
  const def = (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;
  if (!def || typeof def.type !== 'string') throw new UnwalkableSchemaError(`${path || 'root'} is not a zod schema`);
  return def;
}

const checksOf = (def: Def): Check[] =>
  ((def.checks as { _zod: { def: Check } }[] | undefined) ?? []).map((c) => c._zod.def);

const isOptional = (schema: unknown) => (schema as { _zod: { optin?: string } })._zod.optin === 'optional';

/** Numbers a refinement is likely to single out (gate times, fractions, small counts), beside a spread. */
const NICE_NUMBERS = [-3, -2, -1, -0.75, -0.5, -0.25, 0, 0.05, 0.25, 0.5, 1, 2, 5, 10, 20, 100];
const INTEGER_FORMATS = new Set(['safeint', 'int32', 'uint32']);

function numberArb(def: Def): fc.Arbitrary<number> {
  let min = -1e9;
  let max = 1e9;
  const integer = checksOf(def).some((c) => c.check === 'number_format' && INTEGER_FORMATS.has(String(c.format)));
  for (const c of checksOf(def)) {
    if (c.check === 'greater_than') min = Math.max(min, Number(c.value) + (c.inclusive ? 0 : integer ? 1 : 1e-6));
    if (c.check === 'less_than') max = Math.min(max, Number(c.value) - (c.inclusive ? 0 : integer ? 1 : 1e-6));
  }
  const inRange = NICE_NUMBERS.filter((n) => n >= min && n <= max && (!integer || Number.isInteger(n)));
  const spread = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return inRange.length > 0 ? fc.oneof(fc.constantFrom(...inRange), spread) : spread;
}

const emailArb = fc
  .tuple(fc.stringMatching(/^[a-z0-9]{1,16}$/), fc.constantFrom('example.test', 'mail.example.org'))
  .map(([local, domain]) => `${local}@${domain}`);

/** Text people type, including what often breaks storage: emoji, right-to-left marks, NUL. */
const textArb = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ maxLength: 20, unit: 'grapheme' }),
  fc.constantFrom('Ünïcødé 🎟️', 'مرحبا بالعالم', 'a\u202Eb', 'nul\u0000byte', '👩‍👩‍👧‍👦', '  padded  '),
);

function stringArb(def: Def): fc.Arbitrary<string> {
  let minLength = 0;
  let maxLength = Infinity;
  let pattern: RegExp | undefined;
  const format = def.format as string | undefined;
  // Trimming and the like run before the length checks: generate what is still long enough after them.
  const rewrites = checksOf(def)
    .filter((c) => c.check === 'overwrite')
    .map((c) => c.tx as (s: string) => string);
  for (const c of checksOf(def)) {
    if (c.check === 'min_length') minLength = Math.max(minLength, Number(c.minimum));
    if (c.check === 'max_length') maxLength = Math.min(maxLength, Number(c.maximum));
    if (c.check === 'length_equals') minLength = maxLength = Number(c.length);
    if (c.check === 'string_format' && c.format === 'regex') pattern = c.pattern as RegExp;
  }
  const fit = (s: string) => {
    const rewritten = rewrites.reduce((text, tx) => tx(text), s).padEnd(minLength, 'x');
    return rewritten.length > maxLength ? rewritten.slice(0, maxLength) : rewritten;
  };
  if (format === 'email') return emailArb;
  if (format === 'url') return fc.webUrl({ validSchemes: ['https', 'http'] }).map(fit);
  if (format === 'uuid' || format === 'guid') return fc.uuid();
  if (format === 'datetime') {
    return fc
      .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (format !== undefined && format !== 'regex') {
    throw new UnwalkableSchemaError(`string format "${format}" has no generator`);
  }
  if (pattern) return fc.stringMatching(pattern).map(fit);
  return textArb.map(fit);
}

function arrayArb(def: Def, known: Known, path: string): fc.Arbitrary<unknown[]> {
  let minLength = 0;
  let maxLength = 4;
  for (const c of checksOf(def)) {
    if (c.check === 'min_length') minLength = Number(c.minimum);
    if (c.check === 'max_length') maxLength = Math.min(maxLength, Number(c.maximum));
    if (c.check === 'length_equals') minLength = maxLength = Number(c.length);
  }
  return fc.array(validFor(def.element, known, `${path}[]`), {
    minLength,
    maxLength: Math.max(minLength, maxLength),
  });
}

function objectArb(def: Def, known: Known, path: string): fc.Arbitrary<Record<string, unknown>> {
  const shape = def.shape as Record<string, unknown>;
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredKeys: string[] = [];
  for (const [key, field] of Object.entries(shape)) {
    const derived = validFor(field, known, path ? `${path}.${key}` : key);
    const values = known[key];
    model[key] = values?.length
      ? fc.oneof({ arbitrary: fc.constantFrom(...values), weight: 3 }, { arbitrary: derived, weight: 1 })
      : derived;
    // Optional fields are sent about half the time; required ones always.
    if (!isOptional(field)) requiredKeys.push(key);
  }
  return fc.record(model, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
}

/** Values the schema should accept, guided by the known valid values of the seeded world. */
export function validFor(schema: unknown, known: Known, path = ''): fc.Arbitrary<unknown> {
  const def = defOf(schema, path);
  switch (def.type) {
    case 'object':
      return objectArb(def, known, path);
    case 'array':
      return arrayArb(def, known, path);
    case 'string':
      return stringArb(def);
    case 'number':
      return numberArb(def);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'null':
      return fc.constant(null);
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return validFor(def.innerType, known, path);
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((o) => validFor(o, known, path)));
    case 'pipe': {
      // The output side is the stricter one (an e-mail after a trimmed string), unless it only transforms.
      const out = defOf(def.out, path);
      if (out.type === 'transform') return validFor(def.in, known, path);
      // A transform before it that changes the type (digits in a path read as a number): draw on the
      // input side and keep what the whole pipe accepts. One that keeps the type (a prefix stripped
      // from a series id) draws on the stricter output side, which the filter would rarely hit.
      const inner = defOf(def.in, path);
      if (
        inner.type === 'pipe' &&
        defOf(inner.out, path).type === 'transform' &&
        defOf(inner.in, path).type !== out.type
      ) {
        const whole = schema as { safeParse(value: unknown): { success: boolean } };
        return validFor(def.in, known, path).filter((value) => whole.safeParse(value).success);
      }
      return validFor(def.out, known, path);
    }
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    case 'record':
      return fc.dictionary(
        validFor(def.keyType, known, `${path}{key}`) as fc.Arbitrary<string>,
        validFor(def.valueType, known, `${path}{}`),
        { maxKeys: 3 },
      );
    default:
      throw new UnwalkableSchemaError(`${path || 'root'}: zod type "${def.type}" has no generator`);
  }
}

/** Nested arrays this deep, to find recursion that has no floor. */
const deeplyNested = (depth: number): unknown => (depth === 0 ? [] : [deeplyNested(depth - 1)]);

/** One value of the kinds that have broken APIs before; any of them may land on any field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -0, -1, 0.5, -2_147_483_649, 2_147_483_648, 2 ** 53 + 2, 1e308, -1e308, 5e-324),
  fc.double(),
  fc.constantFrom('', ' ', 'NaN', 'Infinity', '-1', '1.5', '1e400', '0x10', 'null', 'true', '[]', '{}'),
  fc.constantFrom("'; drop table users; --", '../../etc/passwd', '<script>alert(1)</script>', '%00', '${7*7}'),
  fc.constantFrom('\u0000', 'a\u0000b', '\u202Eevil', '👩‍👩‍👧‍👦', '\uD800', 'x\uDFFFy', 'ｅ@例え.テスト', '\r\n\t'),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(100_000, 250_000).map((n) => 'x'.repeat(n)),
  fc.constant('😀'.repeat(60_000)),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.constantFrom(64, 500).map(deeplyNested),
);

/** A key that no schema declares, including the ones that poison prototypes. */
const unknownKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'isAdmin', 'partner_id_x'), fc.string());

type Path = (string | number)[];

/** Every place in a value where a part could be replaced or removed. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const paths: Path[] = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => paths.push(...pathsOf(v, [...prefix, i])));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) paths.push(...pathsOf(v, [...prefix, k]));
  }
  return paths;
}

type Mutation = { kind: 'replace'; value: unknown } | { kind: 'remove' } | { kind: 'add'; key: string; value: unknown };

/** A copy of `value` with the part at `path` changed; own properties only, so `__proto__` stays data. */
function applyAt(value: unknown, path: Path, mutation: Mutation): unknown {
  if (path.length === 0) {
    if (mutation.kind === 'replace') return mutation.value;
    if (mutation.kind === 'remove') return undefined;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const copy = { ...(value as Record<string, unknown>) };
      Object.defineProperty(copy, mutation.key, { value: mutation.value, enumerable: true, writable: true });
      return copy;
    }
    return mutation.value;
  }
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && mutation.kind === 'remove') copy.splice(head as number, 1);
    else copy[head as number] = applyAt(copy[head as number], rest, mutation);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && mutation.kind === 'remove') delete copy[head as string];
  else copy[head as string] = applyAt(copy[head as string], rest, mutation);
  return copy;
}

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { arbitrary: hostileValue.map((value) => ({ kind: 'replace' as const, value })), weight: 4 },
  { arbitrary: fc.constant({ kind: 'remove' as const }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('add' as const), key: unknownKey, value: hostileValue }), weight: 1 },
);

/** A valid value with one part broken: replaced by a hostile value, removed, or given an unknown key. */
export function hostileFor(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return valid.chain((value) =>
    fc.tuple(fc.constantFrom(...pathsOf(value)), mutation).map(([path, m]) => applyAt(value, path, m)),
  );
}
