import type { Random } from '../../server/test/helpers/fuzz-input';

/** The part of a JSON Schema (as the shop's OpenAPI document writes its zod schemas) that an example needs. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number | boolean;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
}

/**
 * A plausible valid body for a route of the route table without a hand-written template
 * (fuzz-routes.ts): every property of its schema with a value of its type, within its bounds, for
 * the fuzzer to bend field by field. Plausible, not always valid (a pattern is not followed).
 */
export function exampleOf(schema: JsonSchema, random: Random, depth = 0): Record<string, unknown> {
  const value = valueOf(schema, random, depth);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function valueOf(schema: JsonSchema, random: Random, depth: number): unknown {
  if (depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return random.pick(schema.enum);
  if (schema.default !== undefined) return schema.default;
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) {
    const notNull = choices.filter((c) => c.type !== 'null');
    return valueOf(random.pick(notNull.length ? notNull : choices), random, depth + 1);
  }
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((s) => exampleOf(s, random, depth + 1)));
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') ?? 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, prop] of Object.entries(schema.properties ?? {})) out[name] = valueOf(prop, random, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => valueOf(schema.items ?? {}, random, depth + 1));
    case 'integer':
    case 'number': {
      const min = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : (schema.minimum ?? 1);
      return Math.min(Math.max(min, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return true;
    case 'string':
      return stringOf(schema);
    case 'null':
      return null;
    default:
      return 'x';
  }
}

function stringOf(schema: JsonSchema): string {
  if (schema.format === 'email') return 'fuzz@example.com';
  if (schema.format === 'date-time') return '2026-11-28T10:00:00.000Z';
  if (schema.format === 'date') return '2026-11-28';
  if (schema.format === 'uri') return 'https://example.com/x';
  const text = 'fuzz text';
  const min = schema.minLength ?? 0;
  const padded = text.length >= min ? text : text.padEnd(min, 'x');
  return schema.maxLength !== undefined ? padded.slice(0, schema.maxLength) : padded;
}
