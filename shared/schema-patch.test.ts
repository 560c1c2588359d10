import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { patchSchema } from './schema-patch';

describe('patchSchema', () => {
  const schema = z.object({ text: z.string().default(''), round: z.number().int().default(0), status: z.enum(['draft', 'accepted']) });

  it('keeps only the fields a patch names (no defaults filled in)', () => {
    expect(patchSchema(schema).parse({ round: 2 })).toEqual({ round: 2 });
  });

  it('still checks each named field and refuses unknown ones', () => {
    expect(patchSchema(schema).safeParse({ round: 1.5 }).success).toBe(false);
    expect(patchSchema(schema).safeParse({ status: 'gone' }).success).toBe(false);
    expect(patchSchema(schema).safeParse({ colour: 'red' }).success).toBe(false);
  });
});
