// One way to say what a zod schema refused: the first problem, as "path: message".
import type { z } from 'zod';

function firstIssue(error: z.ZodError, prefix: ReadonlyArray<PropertyKey> = []): { path: string; message: string } {
  const issue = error.issues[0];
  const path = [...prefix, ...(issue?.path ?? [])].map(String).join('.');
  return { path, message: issue?.message ?? 'invalid' };
}

/** "where: path: message", the path left out when the whole value is at fault. */
export function describeZodIssue(where: string, error: z.ZodError, prefix: ReadonlyArray<PropertyKey> = [], whole = 'value'): string {
  const { path, message } = firstIssue(error, prefix);
  return `${where}: ${path || whole}: ${message}`;
}
