import type { AppServices } from '../app-services';
import type { HandlerMap } from '../feature';
import { adjudicationQueue, decide } from './adjudication';
import { exportPackage, importPackage } from './packages';
import { addGuideline, guidelinesOf, peopleOf, removePerson, savePerson } from './people';
import { agreementReport } from './report';
import { contextOf, queueOf, submitReview } from './reviewing';
import { closeRound, openRound, previewRound, roundSummaries } from './rounds';

export const reviewHandlers = (app: AppServices) =>
  ({
    'people.list': () => peopleOf(app.requireProject()),
    'people.save': (req, caller) => savePerson(app.requireProject(), caller, req.name, req.roles),
    'people.remove': async (req, caller) => {
      await removePerson(app.requireProject(), caller, req.name);
      return null;
    },
    'guidelines.list': () => guidelinesOf(app.requireProject()),
    'guidelines.add': (req, caller) => addGuideline(app.requireProject(), caller, req),
    'rounds.list': () => roundSummaries(app.requireProject()),
    'rounds.preview': (req, caller) => previewRound(app.requireProject(), caller, req.selection, req.reviewers, req.reviewsPerItem),
    'rounds.open': (req, caller) => openRound(app.requireProject(), caller, req),
    'rounds.close': (req, caller) => closeRound(app.requireProject(), caller, req.round),
    'reviews.queue': (req, caller) => queueOf(app.requireProject(), caller, req.round),
    'reviews.context': (req, caller) => contextOf(app.requireProject(), caller, req.questionId),
    'reviews.submit': (req, caller) => submitReview(app.requireProject(), caller, req),
    'adjudication.queue': (req, caller) => adjudicationQueue(app.requireProject(), caller, req.round),
    'adjudication.decide': (req, caller) => decide(app.requireProject(), caller, req),
    'agreement.report': (req, caller) => agreementReport(app.requireProject(), caller, req.round, req.by),
    'packages.export': (req, caller) => exportPackage(app.requireProject(), caller, req.round, req.reviewer, req.path),
    'packages.import': (req, caller) => importPackage(app.requireProject(), caller, req.path),
  }) satisfies Partial<HandlerMap>;
