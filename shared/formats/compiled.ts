// Schemas a reader applies to every record of a file, compiled (zod's ahead-of-time fast path) the
// first time one is used: a valid record takes generated code, several times faster than zod's
// interpreter; an invalid one falls back to the interpreter, so problems read exactly as before.
import { z } from 'zod';

const compiled = new WeakMap<z.ZodType, z.ZodType>();

/** The schema, compiled on first use (where code cannot be generated, the schema itself). */
export function compiledSchema<S extends z.ZodType>(schema: S): S {
  let fast = compiled.get(schema);
  if (!fast) {
    fast = z.compile(schema);
    compiled.set(schema, fast);
  }
  return fast as S;
}
