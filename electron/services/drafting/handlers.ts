import type { AppServices } from '../app-services';
import type { HandlerMap } from '../feature';
import { decideDrafts, draftStatistics, editCaptionDraft, listDrafts } from './decisions';
import { estimateProbe, estimateRun, startDraft, startProbe } from './runs';
import { configureEndpoint, endpointView, setKey, testConnection } from './service';

export const draftingHandlers = (app: AppServices) =>
  ({
    'drafting.endpoint': () => endpointView(app),
    'drafting.configure': (req) => configureEndpoint(app, req),
    'drafting.setKey': (req) => setKey(app, req.key),
    'drafting.testConnection': () => testConnection(app),
    'drafting.estimate': (req) => estimateRun(app, req),
    'drafting.start': (req, caller) => startDraft(app, caller, req),
    'drafting.probeEstimate': (req) => estimateProbe(app, req),
    'drafting.probe': (req, caller) => startProbe(app, caller, req),
    'drafts.list': (req) => listDrafts(app.requireProject(), req),
    'drafts.decide': (req, caller) => decideDrafts(app.requireProject(), caller, req.ids, req.decision),
    'drafts.edit': (req, caller) => editCaptionDraft(app.requireProject(), caller, req.id, req.text),
    'drafts.stats': () => draftStatistics(app.requireProject()),
  }) satisfies Partial<HandlerMap>;
