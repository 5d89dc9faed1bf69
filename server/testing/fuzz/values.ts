import fc from "fast-check";

/**
 * Values for the OpenAPI fuzzer (server/api/fuzz.test.ts): for each JSON schema of the document,
 * a plausible value (so a request gets past the first check and deeper into the service) that
 * is, field by field, sometimes replaced by a hostile one: NUL, lone surrogates, huge and tiny
 * numbers, extreme dates, deep nesting, wrong types.
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

/**
 * JSON text written as is: numbers JSON.stringify cannot write (1e400, 9007199254740993) and
 * nesting too deep for it to walk.
 */
export class RawJson {
  constructor(readonly token: string) {}
}

export const HOSTILE_STRINGS = [
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDFFFy",
  "\uDC00\uD800",
  "",
  " ",
  "%00",
  "\u202E\u200B",
  "😀".repeat(8),
  "'; select pg_sleep(1); --",
  "A".repeat(5_000),
  "__proto__",
];
export const EXTREME_DATES = [
  "-271821-04-20T00:00:00Z",
  "+275760-09-13T00:00:00Z",
  "0000-01-01",
  "0001-01-01T00:00:00Z",
  "1899-12-31T23:59:59Z",
  "9999-12-31T23:59:59.999Z",
  "2026-02-30",
  "2026-13-01T00:00:00Z",
  "2026-11-23T25:61:00Z",
];
export const EXTREME_NUMBERS = [
  "1e400",
  "-1e400",
  "1e-400",
  "5e-324",
  "1.7976931348623157e308",
  "9007199254740993",
  "-9007199254740993",
  "9223372036854775808",
  "2147483648",
  "-0",
  "0.1",
  "-1",
  "1e21",
].map((token) => new RawJson(token));

function nested(depth: number): RawJson {
  return new RawJson(`${'{"a":['.repeat(depth)}"leaf"${"]}".repeat(depth)}`);
}

const wrongTypes = fc.constantFrom<unknown>(null, true, false, [], {}, [null], { __proto__: { x: 1 } }, 0);
const deep = fc.constantFrom(33, 200, 20_000).map(nested);

/** Any hostile value, whatever the schema says. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...HOSTILE_STRINGS),
  fc.constantFrom<unknown>(...EXTREME_DATES),
  fc.constantFrom<unknown>(...EXTREME_NUMBERS),
  wrongTypes,
  deep,
);

/** A hostile value for a query or path parameter (text only). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...EXTREME_DATES),
  fc.constantFrom(...EXTREME_NUMBERS.map((n) => n.token)),
  fc.constantFrom("[]", "{}", "null", "true", "NaN", "Infinity", "-Infinity", "0x10", "1_000"),
);

export type Deref = (schema: JsonSchema) => JsonSchema;

function typeOf(s: JsonSchema): string | undefined {
  if (Array.isArray(s.type)) return s.type.find((t) => t !== "null") ?? "null";
  if (s.type) return s.type;
  if (s.properties) return "object";
  return undefined;
}

function bound(value: number | boolean | undefined): number | undefined {
  return typeof value === "number" ? value : undefined;
}

function plausibleString(s: JsonSchema): fc.Arbitrary<string> {
  switch (s.format) {
    case "email":
      return fc.constantFrom("fuzz@example.test", "Fuzz.Case+tag@example.test");
    case "date-time":
      return fc
        .date({ min: new Date("2020-01-01"), max: new Date("2030-01-01"), noInvalidDate: true })
        .map((d) => d.toISOString());
    case "date":
      return fc
        .date({ min: new Date("2020-01-01"), max: new Date("2030-01-01"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case "uri":
    case "url":
      return fc.constantFrom("https://hooks.example.com/in", "https://example.com/return");
    case "uuid":
      return fc.uuid();
  }
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? 200));
    } catch {
      // A pattern fast-check cannot generate from: plain text below.
    }
  }
  const min = s.minLength ?? 0;
  return fc.string({ minLength: min, maxLength: Math.max(min, Math.min(s.maxLength ?? 24, 24)) });
}

function plausibleNumber(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = bound(s.exclusiveMinimum) ?? s.minimum ?? -1_000;
  const max = bound(s.exclusiveMaximum) ?? s.maximum ?? 100_000;
  const lo = Math.max(min, -1e9);
  const hi = Math.min(max, 1e9);
  if (integer) return fc.integer({ min: Math.ceil(lo), max: Math.max(Math.ceil(lo), Math.floor(hi)) });
  return fc.double({ min: lo, max: Math.max(lo, hi), noNaN: true, noDefaultInfinity: true });
}

/** A value the schema would likely accept, its nested fields each fuzzed on their own. */
export function plausible(schema: JsonSchema, deref: Deref, depth = 0): fc.Arbitrary<unknown> {
  const s = deref(schema);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const options = s.anyOf ?? s.oneOf;
  if (options?.length) return fc.oneof(...options.map((o) => plausible(o, deref, depth + 1)));
  if (s.allOf?.length) return plausible(s.allOf[0]!, deref, depth + 1);
  if (depth > 8) return fc.constant(null);
  switch (typeOf(s)) {
    case "string":
      return plausibleString(s);
    case "integer":
      return plausibleNumber(s, true);
    case "number":
      return plausibleNumber(s, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const item = s.items ? fuzzed(s.items, deref, depth + 1) : hostileValue;
      return fc.array(item, { minLength: s.minItems ?? 0, maxLength: Math.max(s.minItems ?? 0, 3) });
    }
    case "object": {
      const props = s.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, prop] of Object.entries(props)) model[name] = fuzzed(prop, deref, depth + 1);
      const required = (s.required ?? []).filter((name) => name in props);
      const record = fc.record(model, { requiredKeys: required });
      const extra = fc.dictionary(fc.constantFrom("extra", "k\u0000", "__proto__", "\uD800"), hostileValue, {
        maxKeys: 1,
      });
      return fc.tuple(record, fc.option(extra, { freq: 5 })).map(([r, e]) => (e ? { ...e, ...r } : r));
    }
    default:
      return hostileValue;
  }
}

/** Mostly plausible, sometimes hostile: each field is fuzzed on its own. */
export function fuzzed(schema: JsonSchema, deref: Deref, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: plausible(schema, deref, depth) },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** JSON text, with RawJson written as is. */
export function toJsonText(value: unknown): string {
  const raw: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raw.push(v.token);
      return `__RAW_JSON_${raw.length - 1}__`;
    }
    return v;
  });
  return (text ?? "null").replace(/"__RAW_JSON_(\d+)__"/g, (_m, i: string) => raw[Number(i)]!);
}

/** Text of a query or path value: numbers and dates as written, anything else as JSON. */
export function toParamText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value instanceof RawJson) return value.token;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return toJsonText(value);
}

/**
 * encodeURIComponent that also carries a lone surrogate (which it refuses) as the bytes a
 * careless client would send: its 3-byte form, which is not valid UTF-8.
 */
export function encodeParam(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join("");
    } else out += encodeURIComponent(ch);
  }
  return out;
}
