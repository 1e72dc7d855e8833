import fc from 'fast-check';
import { z } from 'zod';

/** Strings that have broken web apps before: injection, traversal, control and oversize text. */
export const HOSTILE_STRINGS = [
  "' OR '1'='1",
  "'; drop table users; --",
  '1) OR (1=1',
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '\u0000',
  '\uFFFF\uD800',
  '𝔸𝔼𝕊𝔸 🚀',
  '   ',
  'NaN',
  '-1',
  '1e309',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(10_000),
];

export const hostileString = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 40 }), fc.uuid());

/** Any JSON value, biased towards hostile strings. */
export const anyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 3 }),
  ),
})).value;

type Def = { type: string; [k: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/**
 * An arbitrary derived from a zod schema: mostly values of the schema's own shape (so requests
 * reach the rules behind validation), with wrong types and hostile values mixed in at every level.
 */
export function arbitraryFrom(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const wrong = depth > 3 ? fc.constant(null) : anyJson;
  const mix = (right: fc.Arbitrary<unknown>) => fc.oneof({ arbitrary: right, weight: 4 }, { arbitrary: wrong, weight: 1 });
  switch (def.type) {
    case 'string':
      return mix(fc.oneof(fc.string({ maxLength: 30 }), hostileString, fc.emailAddress(), fc.webUrl(), fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))));
    case 'number':
    case 'int':
      return mix(fc.oneof(fc.integer({ min: -5, max: 3000 }), fc.double(), fc.constant(2024)));
    case 'boolean':
      return mix(fc.boolean());
    case 'date':
      return mix(fc.date().map((d) => (Number.isNaN(d.getTime()) ? 'invalid' : d.toISOString())));
    case 'enum':
      return mix(fc.constantFrom(...Object.values(def.entries as Record<string, unknown>)));
    case 'literal':
      return mix(fc.constantFrom(...(def.values as unknown[])));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return fc.oneof(arbitraryFrom(def.innerType as z.ZodType, depth), fc.constant(undefined));
    case 'pipe':
      return arbitraryFrom(def.in as z.ZodType, depth);
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((o) => arbitraryFrom(o, depth + 1)));
    case 'array':
      return mix(fc.array(arbitraryFrom(def.element as z.ZodType, depth + 1), { maxLength: 4 }));
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const entries = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, arbitraryFrom(v, depth + 1)]));
      const record = fc.record(entries, { requiredKeys: [] });
      // Unknown extra keys must be ignored or refused, never written.
      const extras = fc.dictionary(fc.constantFrom('id', 'user_id', 'matric_number', 'password_hash', 'is_super_admin', 'vote_count', '__proto__', 'constructor'), anyJson, { maxKeys: 2 });
      return mix(fc.tuple(record, extras).map(([r, e]) => ({ ...e, ...r })));
    }
    default:
      return anyJson;
  }
}

/** Every zod object schema exported by the given modules. */
export function objectSchemasOf(modules: Record<string, unknown>[]): z.ZodType[] {
  const found: z.ZodType[] = [];
  for (const mod of modules) {
    for (const value of Object.values(mod)) {
      if (value instanceof z.ZodType && ['object', 'pipe'].includes(defOf(value).type)) found.push(value);
    }
  }
  return found;
}
