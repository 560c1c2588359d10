// Long work (imports, exports, thumbnails, drafting, judging): what runs, and cancelling it.
import { z } from 'zod';
import type { Job } from '../jobs';
import { empty, id } from './fields';
import { method, reply } from './method';

export const jobMethods = {
  // other people's import, export and readiness jobs keep their results to themselves
  'jobs.list': method({ request: empty, response: reply<Job[]>(), access: 'read', job: false, callers: 'anyone', blinding: 'redacted' }),
  'jobs.cancel': method({ request: z.object({ jobId: id }).strict(), response: reply<null>(), access: 'write', job: false, callers: 'anyone', blinding: 'no-item-content' }),
};
