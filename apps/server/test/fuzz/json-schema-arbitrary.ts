/**
 * Values that a JSON Schema accepts, as fast-check arbitraries: the request schemas of the OpenAPI document
 * (and of the zod schemas, through z.toJSONSchema) become valid-looking requests for the HTTP fuzz, so that it
 * reaches past validation. Covers what our schemas use; anything else fails loudly rather than guessing.
 */
import fc from 'fast-check';

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  multipleOf?: number;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $defs?: Record<string, JsonSchema>;
  default?: unknown;
}

/** Arbitraries for fields by name (an account id, a date…): meaningful values that a schema cannot know. */
export type FieldHints = Record<string, fc.Arbitrary<unknown>>;

export interface SchemaArbitraryOptions {
  /** Resolves references other than the schema's own `#/$defs/X` (say, `#/components/schemas/X`). */
  resolve?: (ref: string) => JsonSchema;
  hints?: FieldHints;
  /**
   * Mostly values at the bounds (issue 16 item 3): each end of a number's range and just past it, strings of
   * the longest length in characters outside Latin-1, and the first and last instants and dates of the
   * market's years, of year 0 and of year 9999 with the widest offsets. Whatever the schema accepts there must
   * be something the database and the code accept too.
   */
  atBounds?: boolean;
}

/** Instants at the ends of the market's years (1900-2999) and of what ISO 8601 can write, widest offsets. */
export const BOUND_INSTANTS = [
  '0000-01-01T00:00:00Z',
  '0000-01-01T00:00:00+14:00',
  '1899-12-31T23:59:59Z',
  '1900-01-01T00:00:00Z',
  '1900-01-01T00:00:00+14:00',
  '2999-12-31T23:59:59Z',
  '2999-12-31T23:59:59-14:00',
  '3000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '9999-12-31T23:59:59-14:00',
];
/** Dates at the ends of the market's years (the first market week is 1900-01-01 to 07), and beyond. */
export const BOUND_DATES = [
  '0000-01-01',
  '1899-12-31',
  '1900-01-01',
  '1900-01-07',
  '1900-01-08',
  '2999-12-24',
  '2999-12-31',
  '3000-01-01',
  '9999-12-31',
];
/** Characters outside Latin-1 (and outside the BMP), which headers and some encoders refuse. */
const WIDE_CHARACTERS = ['ऄ', '😀', '\u2028', 'é', 'ｄ'];

function boundNumbers(schema: JsonSchema, integer: boolean): number[] {
  const low = lowerBound(schema);
  const high = upperBound(schema);
  const step = integer ? 1 : Number.EPSILON;
  const values: number[] = [0];
  if (low) values.push(low.value, low.exclusive ? low.value + step : low.value - step);
  else values.push(-(2 ** 31), -Number.MAX_SAFE_INTEGER, -1e308);
  if (high) values.push(high.value, high.exclusive ? high.value - step : high.value + step);
  else values.push(2 ** 31 - 1, 2 ** 31, Number.MAX_SAFE_INTEGER, 1e308);
  return values;
}

function boundStrings(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 1000, 10_000);
  return fc
    .tuple(fc.constantFrom(...WIDE_CHARACTERS), fc.constantFrom(min, Math.max(min, 1), max, max + 1))
    .map(([character, length]) => character.repeat(length));
}

function lowerBound(schema: JsonSchema): { value: number; exclusive: boolean } | undefined {
  if (typeof schema.exclusiveMinimum === 'number') return { value: schema.exclusiveMinimum, exclusive: true };
  if (schema.minimum === undefined) return undefined;
  return { value: schema.minimum, exclusive: schema.exclusiveMinimum === true };
}

function upperBound(schema: JsonSchema): { value: number; exclusive: boolean } | undefined {
  if (typeof schema.exclusiveMaximum === 'number') return { value: schema.exclusiveMaximum, exclusive: true };
  if (schema.maximum === undefined) return undefined;
  return { value: schema.maximum, exclusive: schema.exclusiveMaximum === true };
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low = lowerBound(schema);
  const high = upperBound(schema);
  if (integer || schema.multipleOf !== undefined) {
    const step = schema.multipleOf ?? 1;
    const min = low ? Math.ceil(low.value / step) + (low.exclusive && low.value % step === 0 ? 1 : 0) : -1e6;
    const max = high
      ? Math.floor(high.value / step) - (high.exclusive && high.value % step === 0 ? 1 : 0)
      : 1e6;
    return fc.integer({ min, max }).map((n) => Number((n * step).toFixed(10)));
  }
  return fc.double({
    min: low?.value ?? -1e6,
    max: high?.value ?? 1e6,
    minExcluded: low?.exclusive ?? false,
    maxExcluded: high?.exclusive ?? false,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date-time') {
    return fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2099-12-31T23:59:59Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString());
  }
  if (schema.format === 'date') {
    return fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2099-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10));
  }
  const length = { minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 200) };
  if (schema.pattern) {
    const within = (text: string) =>
      text.length >= length.minLength && (schema.maxLength === undefined || text.length <= schema.maxLength);
    return fc.stringMatching(new RegExp(schema.pattern)).filter(within);
  }
  return fc.string({ ...length, unit: 'grapheme' });
}

/** An arbitrary of values that `schema` accepts (hints by field name take precedence). */
export function schemaArbitrary(
  schema: JsonSchema,
  options: SchemaArbitraryOptions = {},
): fc.Arbitrary<unknown> {
  const hints = options.hints ?? {};
  const resolve = (ref: string): JsonSchema => {
    const local = ref.startsWith('#/$defs/') ? schema.$defs?.[ref.slice('#/$defs/'.length)] : undefined;
    if (local) return local;
    if (!options.resolve) throw new Error(`cannot resolve ${ref}`);
    return options.resolve(ref);
  };
  const walk = (node: JsonSchema): fc.Arbitrary<unknown> => {
    if (node.$ref) return walk(resolve(node.$ref));
    const bounds = options.atBounds ? atBounds(node) : undefined;
    const base = bounds
      ? fc.oneof({ weight: 3, arbitrary: bounds }, { weight: 1, arbitrary: plain(node) })
      : plain(node);
    return node.nullable ? fc.oneof(base, fc.constant(null)) : base;
  };
  /** Values at the bounds of a leaf (undefined for the rest, and for strings of a pattern or enum). */
  const atBounds = (node: JsonSchema): fc.Arbitrary<unknown> | undefined => {
    if (node.const !== undefined || node.enum || node.anyOf || node.oneOf || node.allOf) return undefined;
    const type = Array.isArray(node.type) ? undefined : node.type;
    if (type === 'integer' || type === 'number')
      return fc.constantFrom(...boundNumbers(node, type === 'integer'));
    if (type !== 'string') return undefined;
    if (node.format === 'date-time') return fc.constantFrom(...BOUND_INSTANTS);
    if (node.format === 'date') return fc.constantFrom(...BOUND_DATES);
    if (node.pattern || node.format) return undefined;
    return boundStrings(node);
  };
  const plain = (node: JsonSchema): fc.Arbitrary<unknown> => {
    if (node.const !== undefined) return fc.constant(node.const);
    if (node.enum) return fc.constantFrom(...node.enum);
    if (node.anyOf) return fc.oneof(...node.anyOf.map(walk));
    if (node.oneOf) return fc.oneof(...node.oneOf.map(walk));
    if (node.allOf?.length === 1 && node.allOf[0]) return walk(node.allOf[0]);
    const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
    if (types.length > 1) return fc.oneof(...types.map((type) => walk({ ...node, type })));
    switch (types[0]) {
      case 'string':
        return stringArbitrary(node);
      case 'integer':
        return numberArbitrary(node, true);
      case 'number':
        return numberArbitrary(node, false);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const length = {
          minLength: node.minItems ?? 0,
          maxLength: Math.max(node.minItems ?? 0, Math.min(node.maxItems ?? 5, 8)),
        };
        const items = node.items ? walk(node.items) : fc.jsonValue();
        // A multiple choice (an array of options): one answer is the usual case, repeats are unusual.
        if (!node.items?.enum || length.minLength > 1 || length.maxLength < 1) return fc.array(items, length);
        return fc.oneof(
          { weight: 3, arbitrary: items.map((item) => [item]) },
          { weight: 1, arbitrary: fc.uniqueArray(items, length) },
        );
      }
      case 'object': {
        const required = new Set(node.required ?? []);
        const entries = Object.entries(node.properties ?? {});
        if (entries.length === 0)
          return fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue(), { maxKeys: 4 });
        const model = Object.fromEntries(
          entries.map(([name, property]) => [name, hints[name] ?? walk(property)]),
        );
        return fc.record(model, { requiredKeys: [...required].filter((name) => name in model) });
      }
      case undefined:
        return fc.jsonValue({ maxDepth: 2 });
      default:
        throw new Error(`schemaArbitrary: unsupported type ${String(types[0])}`);
    }
  };
  return walk(schema);
}
