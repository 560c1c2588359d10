import type { HandlerMap } from '../feature';
import { decideDrafts, draftStatistics, editCaptionDraft, listDrafts } from './decisions';
import { estimateProbe, estimateRun, startDraft, startProbe } from './runs';
import { configureEndpoint, endpointView, setKey, testConnection } from './service';

export const draftingHandlers = {
  'drafting.endpoint': (_req, ctx) => endpointView(ctx.machine),
  'drafting.configure': (req, ctx) => configureEndpoint(ctx.machine, req),
  'drafting.setKey': (req, ctx) => setKey(ctx.machine, req.key),
  'drafting.testConnection': (_req, ctx) => testConnection(ctx.machine),
  'drafting.estimate': (req, ctx) => estimateRun(ctx.machine, req, ctx.project()),
  'drafting.start': (req, ctx) => startDraft(ctx, req),
  'drafting.probeEstimate': (req, ctx) => estimateProbe(ctx.machine, req, ctx.project()),
  'drafting.probe': (req, ctx) => startProbe(ctx, req),
  'drafts.list': (req, ctx) => listDrafts(ctx.project(), req),
  'drafts.decide': (req, ctx) => decideDrafts(ctx.project(), ctx.caller, req.ids, req.decision),
  'drafts.edit': (req, ctx) => editCaptionDraft(ctx.project(), ctx.caller, req.id, req.text),
  'drafts.stats': (_req, ctx) => draftStatistics(ctx.project()),
} satisfies Partial<HandlerMap>;
