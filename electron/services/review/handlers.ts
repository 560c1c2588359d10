import type { HandlerMap } from '../feature';
import { adjudicationQueue, decide } from './adjudication';
import { exportPackage, importPackage } from './packages';
import { addGuideline, guidelinesOf, peopleOf, removePerson, savePerson, setPassphrase } from './people';
import { agreementReport } from './report';
import { contextOf, queueOf, submitReview } from './reviewing';
import { closeRound, openRound, previewRound, roundSummaries } from './rounds';

export const reviewHandlers = {
  'people.list': (_req, ctx) => peopleOf(ctx.project()),
  'people.save': (req, ctx) => savePerson(ctx.project(), ctx.caller, req.name, req.roles),
  'people.remove': async (req, ctx) => {
    await removePerson(ctx.project(), ctx.caller, req.name);
    return null;
  },
  'people.setPassphrase': (req, ctx) => setPassphrase(ctx.project(), ctx.caller, req.passphrase, req.current),
  'guidelines.list': (_req, ctx) => guidelinesOf(ctx.project()),
  'guidelines.add': (req, ctx) => addGuideline(ctx.project(), ctx.caller, req),
  'rounds.list': (_req, ctx) => roundSummaries(ctx.project()),
  'rounds.preview': (req, ctx) => previewRound(ctx.project(), ctx.caller, req.selection, req.reviewers, req.reviewsPerItem),
  'rounds.open': (req, ctx) => openRound(ctx.project(), ctx.caller, req),
  'rounds.close': (req, ctx) => closeRound(ctx.project(), ctx.caller, req.round),
  'reviews.queue': (req, ctx) => queueOf(ctx.project(), ctx.caller, req.round),
  'reviews.context': (req, ctx) => contextOf(ctx.project(), ctx.caller, req.questionId),
  'reviews.submit': (req, ctx) => submitReview(ctx.project(), ctx.caller, req),
  'adjudication.queue': (req, ctx) => adjudicationQueue(ctx.project(), ctx.caller, req.round),
  'adjudication.decide': (req, ctx) => decide(ctx.project(), ctx.caller, req),
  'agreement.report': (req, ctx) => agreementReport(ctx.project(), ctx.caller, req.round, req.by),
  'packages.export': (req, ctx) => exportPackage(ctx.project(), ctx.caller, req.round, req.reviewer, req.path),
  'packages.import': (req, ctx) => importPackage(ctx.project(), ctx.caller, req.path),
} satisfies Partial<HandlerMap>;
