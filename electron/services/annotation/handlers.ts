import type { HandlerMap } from '../feature';
import * as annotation from './service';

export const annotationHandlers = {
  'annotations.load': (req, ctx) => annotation.annotationsFor(ctx.project(), ctx.caller, req.videoId),
  'marks.create': (req, ctx) => annotation.createMarks(ctx.project(), ctx.caller, req.videoId, req.marks),
  'marks.update': (req, ctx) => annotation.updateMarks(ctx.project(), ctx.caller, req.changes),
  'marks.remove': async (req, ctx) => {
    await annotation.removeMarks(ctx.project(), ctx.caller, req.ids);
    return null;
  },
  'captions.fill': (req, ctx) => annotation.fillCaptions(ctx.project(), ctx.caller, req.videoId, req.target, req.from, req.to, req.text),
  'captions.mergeRuns': async (req, ctx) => ({ merged: await annotation.mergeCaptionRuns(ctx.project(), ctx.caller, req.videoId, req.target) }),
  'questions.create': (req, ctx) => annotation.createQuestion(ctx.project(), ctx.caller, req.videoId, req.fields, req.queryPoints),
  'questions.update': (req, ctx) => annotation.updateQuestion(ctx.project(), ctx.caller, req.id, req.fields, req.expected),
  'questions.remove': async (req, ctx) => {
    await annotation.removeQuestion(ctx.project(), ctx.caller, req.id);
    return null;
  },
  'queryPoints.create': (req, ctx) => annotation.createQueryPoint(ctx.project(), ctx.caller, req.questionId, req.fields),
  'queryPoints.update': (req, ctx) => annotation.updateQueryPoint(ctx.project(), ctx.caller, req.id, req.fields),
  'queryPoints.remove': async (req, ctx) => {
    await annotation.removeQueryPoint(ctx.project(), ctx.caller, req.id);
    return null;
  },
} satisfies Partial<HandlerMap>;
