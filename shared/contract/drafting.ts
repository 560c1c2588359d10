// Model drafting: the machine's endpoint and key, estimating and running drafts of captions and
// questions (and probes of them), and deciding on the drafts.
import { z } from 'zod';
import { draftDecisions, draftKinds, type DraftView } from '../drafting/drafts';
import { endpointSettingsSchema, type EndpointView } from '../drafting/endpoint';
import { draftRunSchema, probeRunSchema, type DraftEstimate } from '../drafting/runs';
import type { DraftStats } from '../drafting/stats';
import { patchSchema } from '../schema-patch';
import { BULK_LIMIT, empty, id } from './fields';
import { method, reply } from './method';

// the endpoint and its key are the machine's, not the project's
const machine = { job: false, callers: 'anyone', blinding: 'no-item-content' } as const;

export const draftingMethods = {
  'drafting.endpoint': method({ ...machine, request: empty, response: reply<EndpointView>(), access: 'read' }),
  'drafting.configure': method({ ...machine, request: patchSchema(endpointSettingsSchema), response: reply<EndpointView>(), access: 'write' }),
  /** Write-only: the key is kept by the main process and never sent back. */
  'drafting.setKey': method({ ...machine, request: z.object({ key: z.string().trim().min(1).max(1_000).nullable() }).strict(), response: reply<EndpointView>(), access: 'write' }),
  /** The server's models, or an error saying why the endpoint cannot be reached. */
  'drafting.testConnection': method({ ...machine, request: empty, response: reply<{ models: string[] }>(), access: 'read' }),
  // drafting writes items and reads their answers (drafted captions, candidate questions): not while blind
  /** What a run will take (requests, frames, tokens, dollars) before anything is sent. */
  'drafting.estimate': method({ request: draftRunSchema, response: reply<DraftEstimate>(), access: 'read', job: false, callers: 'member', blinding: 'no-item-content' }),
  'drafting.start': method({ request: draftRunSchema, response: reply<{ jobId: string }>(), access: 'write', job: true, callers: 'member', blinding: 'refused' }),
  'drafting.probeEstimate': method({ request: probeRunSchema, response: reply<DraftEstimate>(), access: 'read', job: false, callers: 'member', blinding: 'no-item-content' }),
  'drafting.probe': method({ request: probeRunSchema, response: reply<{ jobId: string }>(), access: 'write', job: true, callers: 'member', blinding: 'refused' }),
  'drafts.list': method({
    request: z.object({ videoId: id.nullable().default(null), kind: z.enum(draftKinds).nullable().default(null) }).strict(),
    response: reply<DraftView[]>(),
    access: 'read',
    job: false,
    callers: 'member',
    blinding: 'refused',
  }),
  'drafts.decide': method({
    request: z.object({ ids: z.array(id).min(1).max(BULK_LIMIT), decision: z.enum(draftDecisions) }).strict(),
    response: reply<{ decided: number }>(),
    access: 'write',
    job: false,
    callers: 'member',
    blinding: 'refused',
  }),
  'drafts.edit': method({
    request: z.object({ id, text: z.string().trim().min(1).max(2_000) }).strict(),
    response: reply<{ decided: number }>(),
    access: 'write',
    job: false,
    callers: 'member',
    blinding: 'refused',
  }),
  'drafts.stats': method({ request: empty, response: reply<DraftStats>(), access: 'read', job: false, callers: 'member', blinding: 'no-item-content' }),
};
