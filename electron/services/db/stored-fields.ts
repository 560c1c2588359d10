// Stored JSON columns read back as domain objects, cheaply (questions, query points, reviews).
import type { z } from 'zod';

/**
 * A stored JSON column as its domain type. Every write path parses rows with zod, so a row that has
 * exactly its schema's fields is taken as it is — reading a hundred thousand questions then costs a
 * JSON.parse each; anything else (a row from an older file, a partial lossless row) goes through zod,
 * which fills its defaults or names what is wrong.
 */
function storedFields<T>(schema: z.ZodObject, required: ReadonlySet<string>, value: Record<string, unknown>): T {
  let present = 0;
  for (const key in value) {
    if (!(key in schema.shape)) return schema.parse(value) as T;
    if (required.has(key)) present++;
  }
  return (present === required.size ? value : schema.parse(value)) as T;
}

/**
 * A row as its domain object: the JSON column with the schema's own columns added, read as above,
 * then completed in place with the row's other columns (a fresh object either way, so reading a
 * hundred thousand rows spares a copy each).
 */
export function fromRow<T>(schema: z.ZodObject, required: ReadonlySet<string>, json: string, schemaColumns: Record<string, unknown>, otherColumns: Partial<T>): T {
  const stored = Object.assign(JSON.parse(json) as Record<string, unknown>, schemaColumns);
  return Object.assign(storedFields<T>(schema, required, stored) as object, otherColumns) as T;
}

/** The fields a complete stored row has: all but the optional ones (a field with a default is stored). */
export function requiredKeys(schema: z.ZodObject): ReadonlySet<string> {
  const optional = (field: z.ZodType) => {
    const absent = field.safeParse(undefined);
    return absent.success && absent.data === undefined;
  };
  return new Set(
    Object.entries(schema.shape)
      .filter(([, field]) => !optional(field as z.ZodType))
      .map(([key]) => key),
  );
}
