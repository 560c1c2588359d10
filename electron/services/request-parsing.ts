// Requests parsed with the contract's schemas where they arrive. A bulk call (a hundred thousand
// marks) is parsed item by item, letting other requests in every few tens of milliseconds, so that checking it
// never blocks the server for long; its items are checked by the very schema the contract names.
import { z } from 'zod';
import { BULK_LIMIT, bulkFields, requestSchemas, type ApiMethod, type ApiResult } from '../../shared/api';
import { describeZodIssue } from '../../shared/zod-issue';
import { Pacer } from './pacer';

/** Arrays up to this long are checked in one go. */
const SLICED_FROM = 2_000;

const invalid = (method: string, error: z.ZodError, prefix: ReadonlyArray<PropertyKey> = []): ApiResult<never> => ({
  ok: false,
  error: { code: 'invalid-request', message: describeZodIssue(method, error, prefix, 'request') },
});

function parseWhole(method: ApiMethod, payload: unknown): ApiResult<unknown> {
  const parsed = requestSchemas[method].safeParse(payload);
  return parsed.success ? { ok: true, value: parsed.data } : invalid(method, parsed.error);
}

export async function parseRequest(method: ApiMethod, payload: unknown): Promise<ApiResult<unknown>> {
  const field = (bulkFields as Partial<Record<ApiMethod, string>>)[method];
  const items = field && typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>)[field] : undefined;
  if (!field || !Array.isArray(items) || items.length <= SLICED_FROM) return parseWhole(method, payload);
  if (items.length > BULK_LIMIT) return { ok: false, error: { code: 'invalid-request', message: `${method}: ${field}: at most ${BULK_LIMIT.toLocaleString('en')} items in one call` } };

  const schema = requestSchemas[method] as unknown as z.ZodObject<Record<string, z.ZodType>>;
  const element = (schema.shape[field] as z.ZodArray<z.ZodType>).element;
  const { [field]: _items, ...rest } = payload as Record<string, unknown>;
  const envelope = schema.omit({ [field]: true } as Record<string, true>).safeParse(rest);
  if (!envelope.success) return invalid(method, envelope.error);
  const parsedItems: unknown[] = new Array(items.length);
  const pacer = new Pacer();
  for (let i = 0; i < items.length; i++) {
    const parsed = element.safeParse(items[i]);
    if (!parsed.success) return invalid(method, parsed.error, [field, i]);
    parsedItems[i] = parsed.data;
    await pacer.pace();
  }
  return { ok: true, value: { ...envelope.data, [field]: parsedItems } };
}
