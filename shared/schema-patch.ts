// A patch of an object schema: every field optional and none filled with its default, so a patch
// names only what it changes (zod's own `.partial()` would fill the defaults in and overwrite).
import { z } from 'zod';

export function patchSchema<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  const fields: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape) as Array<[string, z.ZodType]>) {
    fields[key] = (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field).optional();
  }
  return z.object(fields).strict() as unknown as z.ZodObject<{ [K in keyof Shape]: z.ZodOptional<Shape[K]> }>;
}
