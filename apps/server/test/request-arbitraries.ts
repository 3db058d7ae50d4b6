import fc from 'fast-check';
import { z } from 'zod';

/**
 * Generators of HTTP requests for the property-based tests (`properties-suite.ts`): bodies, query
 * strings and path parameters derived from a route's contract schemas (valid values, then
 * mutated), and the hostile inputs a public API receives (wrong types, unicode and NUL, lone
 * surrogates, prototype keys, malformed ids, wrong content types, broken JSON).
 */

/** A JSON number written as is in the body (`1e400`, 30 digits), which JSON.stringify cannot. */
export class RawNumber {
  constructor(readonly text: string) {}
}

export type Value = null | boolean | number | string | RawNumber | Value[] | ValueObject;
export interface ValueObject {
  [key: string]: Value;
}

/** The part of JSON Schema that `z.toJSONSchema` writes for our contract. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

const JsonSchemaShape: z.ZodType<JsonSchema> = z.lazy(() =>
  z.object({
    type: z.union([z.string(), z.array(z.string())]).optional(),
    properties: z.record(z.string(), JsonSchemaShape).optional(),
    required: z.array(z.string()).optional(),
    additionalProperties: z.union([z.boolean(), JsonSchemaShape]).optional(),
    propertyNames: JsonSchemaShape.optional(),
    items: JsonSchemaShape.optional(),
    minItems: z.number().optional(),
    maxItems: z.number().optional(),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    exclusiveMinimum: z.number().optional(),
    exclusiveMaximum: z.number().optional(),
    pattern: z.string().optional(),
    format: z.string().optional(),
    enum: z.array(z.unknown()).optional(),
    const: z.unknown().optional(),
    anyOf: z.array(JsonSchemaShape).optional(),
    oneOf: z.array(JsonSchemaShape).optional(),
    allOf: z.array(JsonSchemaShape).optional(),
  }),
);

/** The input side of a route's zod schema as JSON Schema (refinements and transforms are lost). */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return JsonSchemaShape.parse(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
}

function isValue(value: unknown): value is Value {
  if (value === null || ['boolean', 'number', 'string'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isValue);
  return typeof value === 'object' && Object.values(value).every(isValue);
}

/** An object with exactly these own keys, `__proto__` and `constructor` included. */
export function objectOf(entries: [string, Value][]): ValueObject {
  const object: ValueObject = {};
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

// ---------------------------------------------------------------------------------------------
// Hostile scalars

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'NUL at the end\u0000',
  '\u202Eevil\u202C', // right-to-left override
  'שלום עולם',
  'مرحبا بالعالم',
  'e\u0301\u0302\u0303\u0304', // combining marks
  'Z\u0335\u0321\u031b\u0317a\u0337l\u0338g\u0335o',
  '👩‍👩‍👧‍👦',
  '🏠💸🔑',
  '\uD800', // lone high surrogate
  '\uDC00abc', // lone low surrogate
  'ab\uD83D', // a truncated emoji
  '\uFEFF',
  '\u200B\u200C\u200D',
  '１２３',
  'ﬃ İ ß Ω',
  'null',
  'undefined',
  'NaN',
  '-NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '0x1F',
  ' 42 ',
  '1_000',
  '9007199254740993',
  '-1',
  '1.5',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  'true',
  '[]',
  '{}',
  ...PROTOTYPE_KEYS,
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '%00',
  '%',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '${7*7}{{7*7}}',
  'DELETE',
  'admin',
  '\r\nX-Injected: 1',
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const oddCharacter = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  loneSurrogate,
  fc.constantFrom('\u0000', '\u0301', '\u202E', '\u200F', '\uFFFF', '"', '\\', '\n'),
);

/** Strings of up to 80 000 characters: past every field's limit, and past the body limit. */
const hugeString = fc
  .tuple(
    fc.constantFrom('x', 'é', '👍', '\u0000', 'a\u0301', '\uD800'),
    fc.integer({ min: 300, max: 80_000 }),
  )
  .map(([unit, times]) => unit.repeat(times));

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: oddCharacter, maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: hugeString },
);

const nastyNumber: fc.Arbitrary<number | RawNumber> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    1.5,
    -2.5,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53) - 2,
    1e21,
    1e308,
    -1e308,
    5e-324,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  // Past what a double holds, or written as JSON allows but JSON.stringify never does.
  fc
    .constantFrom('1e400', '-1e400', '123456789012345678901234567890', '1E2', '1.0', '-0.0', '0e0')
    .map((text) => new RawNumber(text)),
);

export const keyArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'token',
      'id',
      '_id',
      'role',
      'isAdmin',
      'userId',
      '$where',
      'a.b',
      '0',
      'toString',
      'hasOwnProperty',
      'valueOf',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: oddCharacter, maxLength: 6 }) },
);

/** Any JSON value, with the hostile scalars above: the wrong type for whatever was expected. */
export const junkValue: fc.Arbitrary<Value> = fc.letrec<{ value: Value }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    nastyNumber,
    nastyString,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.array(fc.tuple(keyArb, tie('value')), { maxLength: 3 }).map((entries) => objectOf(entries)),
  ),
})).value;

// ---------------------------------------------------------------------------------------------
// Values from a contract schema

/** What the generators may draw real values from: ids and emails that exist, the caller's token. */
export interface Pools {
  uuids: string[];
  emails: string[];
  files: string[];
  token: string | undefined;
}

const dateString = fc
  .date({ min: new Date('1999-01-01'), max: new Date('2101-01-01'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

function uuidArb(pools: Pools): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: pools.uuids.length ? fc.constantFrom(...pools.uuids) : fc.uuid() },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constantFrom('00000000-0000-0000-0000-000000000000') },
  );
}

function emailArb(pools: Pools): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...pools.emails) },
    { weight: 1, arbitrary: fc.constantFrom(...pools.emails).map((email) => email.toUpperCase()) },
    { weight: 2, arbitrary: fc.emailAddress() },
    { weight: 1, arbitrary: nastyString },
  );
}

/** Hand-picked values for fields whose meaning the schema does not carry. */
function hinted(key: string, pools: Pools): fc.Arbitrary<Value> | undefined {
  if (key === 'token') {
    // The session token in the body (spec clients send it there); sometimes a wrong one.
    return pools.token
      ? fc.oneof(
          { weight: 4, arbitrary: fc.constant(pools.token) },
          { weight: 1, arbitrary: nastyString },
        )
      : nastyString;
  }
  if (/email/i.test(key)) return emailArb(pools);
  if (/(date|validity)$/i.test(key)) {
    return fc.oneof({ weight: 4, arbitrary: dateString }, { weight: 1, arbitrary: nastyString });
  }
  if (/password/i.test(key)) {
    // Passes the strength rule (a lower- and an upper-case letter); never a real password.
    return fc.string({ minLength: 4, maxLength: 20 }).map((text) => `${text}aB9`);
  }
  return undefined;
}

function stringFrom(schema: JsonSchema, pools: Pools): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return uuidArb(pools);
  if (schema.format === 'date') return dateString;
  if (schema.format === 'date-time')
    return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'email') return emailArb(pools);
  if (schema.pattern?.includes('webp')) {
    return fc.oneof(fc.constantFrom(...pools.files), fc.stringMatching(new RegExp(schema.pattern)));
  }
  if (schema.pattern) {
    for (const flags of ['u', '']) {
      try {
        return fc.stringMatching(new RegExp(schema.pattern, flags));
      } catch {
        // fast-check does not generate for every construct (lookahead): try plainer text.
      }
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 60, 300));
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ unit: 'grapheme', minLength, maxLength }),
  );
}

/** In range, and often at its ends: a bound the contract allows may be one the database does not. */
function numberFrom(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1e6);
  const max =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1e6);
  const low = Math.max(min, Number.MIN_SAFE_INTEGER);
  const high = Math.max(low, Math.min(max, Number.MAX_SAFE_INTEGER));
  const inRange = integer
    ? fc.integer({ min: Math.ceil(low), max: Math.max(Math.ceil(low), Math.floor(high)) })
    : fc.double({ min: low, max: high, noNaN: true });
  const ends = integer ? [Math.ceil(low), Math.floor(high)] : [low, high];
  return fc.oneof(
    { weight: 3, arbitrary: inRange },
    { weight: 1, arbitrary: fc.constantFrom(...ends) },
  );
}

function objectFrom(schema: JsonSchema, pools: Pools): fc.Arbitrary<Value> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = properties.map(([key, sub]) =>
    fc.tuple(
      fc.constant(key),
      required.has(key) ? fc.constant(true) : fc.boolean(),
      fromSchema(sub, pools, key),
    ),
  );
  const extra =
    typeof schema.additionalProperties === 'object'
      ? fc.array(
          fc.tuple(
            schema.propertyNames
              ? stringFrom(schema.propertyNames, pools)
              : fc.string({ maxLength: 10 }),
            fromSchema(schema.additionalProperties, pools),
          ),
          { maxLength: 3 },
        )
      : fc.constant([]);
  return fc
    .tuple(fc.tuple(...fields), extra)
    .map(([chosen, more]) =>
      objectOf([
        ...chosen
          .filter(([, present]) => present)
          .map(([key, , value]): [string, Value] => [key, value]),
        ...more,
      ]),
    );
}

/** Values the schema accepts, or nearly (refinements are not in JSON Schema). */
export function fromSchema(schema: JsonSchema, pools: Pools, key?: string): fc.Arbitrary<Value> {
  const hint = key === undefined ? undefined : hinted(key, pools);
  if (hint) return hint;
  if (schema.const !== undefined)
    return isValue(schema.const) ? fc.constant(schema.const) : junkValue;
  if (schema.enum) {
    const values = schema.enum.filter(isValue);
    return values.length ? fc.constantFrom(...values) : junkValue;
  }
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((option) => fromSchema(option, pools, key)));
  if (schema.allOf?.length && schema.type === 'string') {
    // Strength rules (`[a-z]` and `[A-Z]`): a base string, then one match of each rule.
    const base = stringFrom({ ...schema, allOf: undefined }, pools);
    const parts = schema.allOf.map((part) => stringFrom({ ...part, type: 'string' }, pools));
    return fc.tuple(base, ...parts).map((texts) => texts.join(''));
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => fromSchema({ ...schema, type }, pools, key)));
  }
  switch (types[0]) {
    case 'string':
      return stringFrom(schema, pools);
    case 'integer':
      return numberFrom(schema, true);
    case 'number':
      return numberFrom(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 6));
      return fc.array(schema.items ? fromSchema(schema.items, pools) : junkValue, {
        minLength,
        maxLength,
      });
    }
    case 'object':
      return objectFrom(schema, pools);
    default:
      return junkValue;
  }
}

// ---------------------------------------------------------------------------------------------
// Mutations: a valid value with one thing wrong (or a few)

interface Mutation {
  kind: 'drop' | 'replace' | 'add';
  /** Chooses the child at each level (modulo its size); the walk stops at a scalar. */
  path: number[];
  key: string;
  value: Value;
}

const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('drop', 'replace', 'add'),
  path: fc.array(fc.nat(), { maxLength: 3 }),
  key: keyArb,
  value: fc.oneof(junkValue, nastyString, nastyNumber),
});

function mutate(value: Value, mutation: Mutation, depth = 0): Value {
  const next = mutation.path[depth];
  if (Array.isArray(value)) {
    const index = value.length ? (next ?? 0) % value.length : 0;
    const child = value[index];
    if (next !== undefined && child !== undefined && typeof child === 'object' && child !== null) {
      return value.map((item, i) => (i === index ? mutate(item, mutation, depth + 1) : item));
    }
    if (mutation.kind === 'drop') return value.filter((_, i) => i !== index);
    if (mutation.kind === 'add') return [...value, mutation.value];
    return value.map((item, i) => (i === index ? mutation.value : item));
  }
  if (value !== null && typeof value === 'object' && !(value instanceof RawNumber)) {
    const entries = Object.entries(value);
    const index = entries.length ? (next ?? 0) % entries.length : 0;
    const chosen = entries[index];
    if (next !== undefined && chosen && typeof chosen[1] === 'object' && chosen[1] !== null) {
      return objectOf(
        entries.map(([k, v], i) => [k, i === index ? mutate(v, mutation, depth + 1) : v]),
      );
    }
    if (mutation.kind === 'drop') return objectOf(entries.filter((_, i) => i !== index));
    if (mutation.kind === 'add' || !chosen)
      return objectOf([...entries, [mutation.key, mutation.value]]);
    return objectOf(entries.map(([k, v], i) => [k, i === index ? mutation.value : v]));
  }
  return mutation.value;
}

/** Mostly valid values (to reach the handler), else valid ones with one to three things wrong. */
export function valueFor(schema: JsonSchema | undefined, pools: Pools): fc.Arbitrary<Value> {
  if (!schema) return fc.oneof(fc.constant(objectOf([])), junkValue);
  const valid = fromSchema(schema, pools);
  return fc.oneof(
    { weight: 6, arbitrary: valid },
    {
      weight: 4,
      arbitrary: fc
        .tuple(valid, fc.array(mutationArb, { minLength: 1, maxLength: 3 }))
        .map(([value, mutations]) => mutations.reduce(mutate, value)),
    },
    { weight: 1, arbitrary: junkValue },
  );
}

// ---------------------------------------------------------------------------------------------
// Serialization

export function toJson(value: Value): string {
  if (value instanceof RawNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`)
      .join(',')}}`;
  }
  // NaN and ±Infinity become null, as in JSON.stringify.
  return JSON.stringify(value) ?? 'null';
}

/** Percent-encodes UTF-16 as browsers would, and lone surrogates as the bytes of CESU-8. */
export function encodeLoose(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

function scalarText(value: Value): string {
  if (value instanceof RawNumber) return value.text;
  if (typeof value === 'string') return value;
  return toJson(value);
}

/** A query string: arrays repeat the key, objects use `key[sub]` (what `qs` writes). */
export function toQuery(value: Value): string {
  if (
    value === null ||
    typeof value !== 'object' ||
    value instanceof RawNumber ||
    Array.isArray(value)
  ) {
    return `q=${encodeLoose(scalarText(Array.isArray(value) ? toJson(value) : value))}`;
  }
  const pairs: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    const name = encodeLoose(key);
    if (Array.isArray(item)) {
      for (const element of item) pairs.push(`${name}=${encodeLoose(scalarText(element))}`);
    } else if (item !== null && typeof item === 'object' && !(item instanceof RawNumber)) {
      for (const [sub, element] of Object.entries(item)) {
        pairs.push(`${name}[${encodeLoose(sub)}]=${encodeLoose(scalarText(element))}`);
      }
    } else {
      pairs.push(`${name}=${encodeLoose(scalarText(item))}`);
    }
  }
  return pairs.join('&');
}

// ---------------------------------------------------------------------------------------------
// Whole requests

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type Method = (typeof METHODS)[number];
export const isMethod = (method: string): method is Method =>
  METHODS.some((known) => known === method);

export interface RouteShape {
  method: Method;
  url: string;
  body: JsonSchema | undefined;
  querystring: JsonSchema | undefined;
  params: JsonSchema | undefined;
}

export interface GeneratedRequest {
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
  remoteAddress: string;
}

/** Path segments no valid id looks like; written raw (already encoded or meant to be raw). */
const MALFORMED_SEGMENTS = [
  'not-a-uuid',
  '..',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  '%00',
  'abc%00def',
  '%25',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AF',
  '%FF%FE',
  '-1',
  '0',
  '1.5',
  '1e400',
  'NaN',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'prototype',
  '%7B%7D',
  '%3B',
  'a;b=c',
  '00000000-0000-0000-0000-00000000000g',
  'AAAAAAAA-BBBB-4CCC-8DDD-EEEEEEEEEEEE',
  '%20' + '12345678-1234-4234-8234-123456789012',
  '12345678-1234-4234-8234-123456789012%20',
  `${'a'.repeat(64)}.webp`,
  `${'a'.repeat(64)}.png`,
  `${'A'.repeat(64)}.webp`,
];

function segmentArb(
  name: string,
  schema: JsonSchema | undefined,
  pools: Pools,
): fc.Arbitrary<string> {
  const valid = schema
    ? fromSchema(schema, pools, name).map((value) => encodeLoose(scalarText(value)))
    : fc.constant('x');
  return fc.oneof(
    { weight: 8, arbitrary: valid },
    { weight: 3, arbitrary: fc.constantFrom(...MALFORMED_SEGMENTS) },
    { weight: 2, arbitrary: nastyString.map(encodeLoose) },
    { weight: 1, arbitrary: fc.integer({ min: 1000, max: 20_000 }).map((n) => 'a'.repeat(n)) },
  );
}

function pathArb(route: RouteShape, pools: Pools): fc.Arbitrary<string> {
  const pieces = route.url.split('/').map((piece): fc.Arbitrary<string> => {
    if (piece.startsWith(':')) {
      const name = piece.slice(1);
      return segmentArb(name, route.params?.properties?.[name], pools);
    }
    if (piece === '*')
      return fc.oneof(fc.constantFrom('', 'x', 'a/b/c', '..%2F'), nastyString.map(encodeLoose));
    return fc.constant(piece);
  });
  return fc.tuple(...pieces).map((parts) => parts.join('/'));
}

const RAW_QUERIES = [
  '',
  '?',
  '?&&==&',
  '?a',
  '?%',
  '?%zz=1',
  '?q=%E0%A4%A',
  '?__proto__[admin]=1',
  '?constructor[prototype][admin]=1',
  '?__proto__=x',
  '?page=1&page=2',
  '?limit=-1',
  '?limit=1e400',
  '?page=NaN',
  '?page=0x10',
  '?sort=%00',
  `?q=${'%F0%9F%92%A9'.repeat(500)}`,
];

function queryArb(route: RouteShape, pools: Pools): fc.Arbitrary<string> {
  if (!route.querystring) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant('') },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) },
      { weight: 1, arbitrary: junkValue.map((value) => `?${toQuery(value)}`) },
    );
  }
  return fc.oneof(
    {
      weight: 6,
      arbitrary: valueFor(route.querystring, pools).map((value) => `?${toQuery(value)}`),
    },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) },
  );
}

const INVALID_JSON = [
  '',
  ' ',
  '{',
  '{"a":',
  "{'a':1}",
  '{"a":1,}',
  '[1,]',
  'NaN',
  'undefined',
  '\uFEFF{}',
  '{}{}',
  '{"a":1}{"b":2}',
  '{"a":1,"a":2}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '"\\ud800"',
  '{"a":"\\u0000"}',
  '{"a":"\\x41"}',
  '['.repeat(2000) + ']'.repeat(2000),
  '{"a":'.repeat(1000) + '1' + '}'.repeat(1000),
];

interface BodyChoice {
  contentType: string | undefined;
  payload: string | Buffer | undefined;
}

function multipartBody(
  parts: { field: string; filename: string; type: string; bytes: Buffer }[],
): BodyChoice {
  const boundary = '----structomate-properties';
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
    ),
    part.bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
  };
}

/** Uploads: a real small image sometimes, else bytes no decoder wants. */
function multipartArb(images: Buffer[]): fc.Arbitrary<BodyChoice> {
  const part = fc.record({
    field: fc.oneof(
      fc.constantFrom('image', 'photo', 'file', 'csv', '__proto__'),
      fc.string({ maxLength: 8 }),
    ),
    filename: fc.oneof(
      fc.constantFrom('photo.jpg', '../../etc/passwd', 'a"b.png', 'фото.webp', ''),
      fc.string({ maxLength: 12 }),
    ),
    type: fc.constantFrom(
      'image/png',
      'image/jpeg',
      'image/webp',
      'image/gif',
      'text/plain',
      'application/octet-stream',
    ),
    bytes: fc.oneof(
      fc.constantFrom(...images),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
      fc.constant(Buffer.alloc(0)),
    ),
  });
  return fc.array(part, { maxLength: 2 }).map(multipartBody);
}

const csvCell = fc.oneof(fc.string({ maxLength: 10 }), nastyString, fc.integer().map(String));
function csvArb(columns: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.shuffledSubarray([...columns, 'junk', '__proto__']),
      fc.array(fc.array(csvCell, { maxLength: columns.length + 1 }), { maxLength: 4 }),
    )
    .map(([header, rows]) =>
      [header, ...rows]
        .map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(','))
        .join('\r\n'),
    );
}

function bodyArb(
  route: RouteShape,
  pools: Pools,
  images: Buffer[],
  csvColumns: readonly string[],
): fc.Arbitrary<BodyChoice> {
  const json = (value: Value): BodyChoice => ({
    contentType: 'application/json',
    payload: toJson(value),
  });
  const hasBody = route.body !== undefined || route.method === 'POST' || route.method === 'PUT';
  const wrongTypes = fc.oneof(
    nastyString.map((text): BodyChoice => ({ contentType: 'text/plain', payload: text })),
    fc
      .constantFrom('a=1&b=2', '__proto__[admin]=1', 'token=x&confirm=DELETE', '%zz')
      .map((payload): BodyChoice => ({
        contentType: 'application/x-www-form-urlencoded',
        payload,
      })),
    fc.constant<BodyChoice>({ contentType: 'multipart/form-data', payload: 'no boundary' }),
    fc.constant<BodyChoice>({
      contentType: 'multipart/form-data; boundary=x',
      payload: '--x\r\nbroken',
    }),
    valueFor(route.body, pools).map((value): BodyChoice => ({
      contentType: undefined,
      payload: toJson(value),
    })),
    valueFor(route.body, pools).map((value): BodyChoice => ({
      contentType: '',
      payload: toJson(value),
    })),
    fc
      .tuple(
        fc.constantFrom(
          'application/json; charset=utf-16',
          'application/json; charset=latin1',
          'APPLICATION/JSON',
          'application/vnd.api+json',
          'application/xml',
          'application/json, text/plain',
          'text/json',
          '*/*',
          'application/octet-stream',
        ),
        valueFor(route.body, pools),
      )
      .map(([contentType, value]): BodyChoice => ({ contentType, payload: toJson(value) })),
    csvArb(csvColumns).map((payload): BodyChoice => ({ contentType: 'text/csv', payload })),
    multipartArb(images),
  );
  const brokenJson = fc
    .constantFrom(...INVALID_JSON)
    .map((payload): BodyChoice => ({ contentType: 'application/json', payload }));
  if (!hasBody) {
    return fc.oneof(
      {
        weight: 8,
        arbitrary: fc.constant<BodyChoice>({ contentType: undefined, payload: undefined }),
      },
      { weight: 1, arbitrary: valueFor(undefined, pools).map(json) },
      { weight: 1, arbitrary: wrongTypes },
    );
  }
  return fc.oneof(
    { weight: 14, arbitrary: valueFor(route.body, pools).map(json) },
    { weight: 2, arbitrary: brokenJson },
    { weight: 3, arbitrary: wrongTypes },
    {
      weight: 1,
      arbitrary: fc.constant<BodyChoice>({ contentType: undefined, payload: undefined }),
    },
  );
}

const headerArb = fc.record(
  {
    origin: fc.constantFrom('https://evil.example', 'null', 'http://localhost', 'not a url'),
    'sec-fetch-site': fc.constantFrom('cross-site', 'same-origin', 'none', 'junk'),
    accept: fc.constantFrom(
      'text/html',
      'application/json',
      '*/*',
      'image/webp',
      'text/csv',
      'x/y;q=junk',
    ),
    'accept-encoding': fc.constantFrom('br', 'gzip', 'identity;q=0', 'junk'),
    'x-request-id': fc.oneof(
      fc.constantFrom('a'.repeat(200), '../x', 'ok-id'),
      fc.string({ maxLength: 10 }),
    ),
    'if-none-match': fc.constantFrom('*', '"x"', 'W/"junk"', ''),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'junk, 10.0.0.1', '::1'),
  },
  { requiredKeys: [] },
);

/** Printable ASCII only: HTTP clients refuse other bytes in header values. */
const printable = (text: string) => /^[\x20-\x7e]*$/.test(text);

export interface RequestContext {
  pools: Pools;
  /** The caller's Cookie header; undefined for a visitor. */
  cookie: string | undefined;
  images: Buffer[];
  csvColumns: readonly string[];
}

/** Null seven times in eight. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | null> =>
  fc.oneof({ weight: 7, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arbitrary });

/** Requests to one route, as one caller. */
export function requestArb(
  route: RouteShape,
  context: RequestContext,
): fc.Arbitrary<GeneratedRequest> {
  const authorization = fc.oneof(
    fc.constantFrom(
      'Bearer ',
      'Bearer junk',
      'Basic YWRtaW46YWRtaW4=',
      'Bearer ' + 'x'.repeat(500),
    ),
    context.pools.token ? fc.constant(`Bearer ${context.pools.token}`) : fc.constant('Bearer x'),
  );
  const cookieJunk = fc.constantFrom(
    'sm_session=',
    'sm_session=junk',
    'sm_session="',
    'sm_session=%zz',
    ';;;=',
  );
  return fc
    .record({
      path: pathArb(route, context.pools),
      query: queryArb(route, context.pools),
      body: bodyArb(route, context.pools, context.images, context.csvColumns),
      headers: fc.oneof(
        { weight: 4, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: headerArb },
      ),
      authorization: rarely(authorization),
      cookieJunk: rarely(cookieJunk),
      remoteAddress: fc.oneof(fc.ipV4(), fc.ipV6()),
    })
    .map(({ path, query, body, headers, authorization, cookieJunk, remoteAddress }) => {
      const all: Record<string, string> = {};
      for (const [name, value] of Object.entries(headers)) {
        if (value !== undefined && printable(value)) all[name] = value;
      }
      if (body.contentType !== undefined) all['content-type'] = body.contentType;
      if (authorization !== null) all.authorization = authorization;
      const cookie = context.cookie ?? cookieJunk ?? undefined;
      if (cookie) all.cookie = cookie;
      return describeRequest({
        method: route.method,
        url: `${path}${query}`,
        headers: all,
        payload: body.payload,
        remoteAddress,
      });
    });
}

const clip = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;

/** Counterexamples print readably: long payloads are cut, buffers summarised. */
function describeRequest(request: GeneratedRequest): GeneratedRequest {
  return Object.assign(request, {
    [fc.toStringMethod]: () =>
      JSON.stringify(
        {
          ...request,
          url: clip(request.url),
          payload: Buffer.isBuffer(request.payload)
            ? `<${request.payload.length} bytes: ${clip(request.payload.toString('latin1'), 120)}>`
            : request.payload === undefined
              ? undefined
              : clip(request.payload),
        },
        null,
        1,
      ),
  });
}
