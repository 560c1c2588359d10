import type { AppServices } from '../app-services';
import type { HandlerMap } from '../feature';
import * as annotation from './service';

export const annotationHandlers = (app: AppServices) =>
  ({
    'annotations.load': (req, caller) => annotation.annotationsFor(app.requireProject(), caller, req.videoId),
    'marks.create': (req, caller) => annotation.createMarks(app.requireProject(), caller, req.videoId, req.marks),
    'marks.update': (req, caller) => annotation.updateMarks(app.requireProject(), caller, req.changes),
    'marks.remove': async (req, caller) => {
      await annotation.removeMarks(app.requireProject(), caller, req.ids);
      return null;
    },
    'captions.fill': (req, caller) => annotation.fillCaptions(app.requireProject(), caller, req.videoId, req.target, req.from, req.to, req.text),
    'captions.mergeRuns': async (req, caller) => ({ merged: await annotation.mergeCaptionRuns(app.requireProject(), caller, req.videoId, req.target) }),
    'questions.create': (req, caller) => annotation.createQuestion(app.requireProject(), caller, req.videoId, req.fields, req.queryPoints),
    'questions.update': (req, caller) => annotation.updateQuestion(app.requireProject(), caller, req.id, req.fields),
    'questions.remove': async (req, caller) => {
      await annotation.removeQuestion(app.requireProject(), caller, req.id);
      return null;
    },
    'queryPoints.create': (req, caller) => annotation.createQueryPoint(app.requireProject(), caller, req.questionId, req.fields),
    'queryPoints.update': (req, caller) => annotation.updateQueryPoint(app.requireProject(), caller, req.id, req.fields),
    'queryPoints.remove': async (req, caller) => {
      await annotation.removeQueryPoint(app.requireProject(), caller, req.id);
      return null;
    },
  }) satisfies Partial<HandlerMap>;
