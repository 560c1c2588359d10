// Request pieces several features' declarations share.
import { z } from 'zod';

/** A request with nothing in it. */
export const empty = z.object({}).strict();
export const id = z.string().min(1).max(200);
export const filePath = z.string().min(1).max(4096);
export const seconds = z.number().finite().min(0);
/** The most items one bulk call (marks.create, marks.update, marks.remove) may carry. */
export const BULK_LIMIT = 100_000;
