// Who may do what in the review workflow, and the blinding decision of every contract method.
// A caller's role is what they chose on the start screen; when the project lists them as a person,
// the role must be one of theirs (a reviewer cannot lift their own blindness by calling themselves
// lead). Blind callers are served by the services, never trusted to the UI: each method below is
// either free of item content, redacted through annotation/policy.ts, or refused while blind. Who is
// blind is decided by the person, not only by the role they act in (review/blinding.ts): whoever
// works as a reviewer, and anyone with items to review in an open round, whichever of their roles
// they picked — switching role lifts nothing.
import type { ApiMethod } from '../../../shared/api';
import type { Caller, Role } from '../../../shared/domain';
import { plural } from '../../../shared/plural';
import type { ReadableDb } from '../db/readable';
import { ServiceError } from '../errors';
import { pendingItems } from './blinding';
import { hasPeople, personNamed } from './rows';

/** The caller's role, checked against the project's people. */
export function checkedRole(db: ReadableDb, caller: Caller): Role {
  const person = personNamed(db, caller.person);
  // once a project lists its people, it works with them only (a lead adds people in Review → People)
  if (!person && hasPeople(db)) throw new ServiceError('forbidden', `${caller.person} is not one of this project's people; a lead adds people (Review → People).`);
  if (person && !(person.roles as readonly Role[]).includes(caller.role)) {
    throw new ServiceError('forbidden', `${caller.person} is listed in this project as ${person.roles.join(', ')}, not ${caller.role}; choose one of those roles.`);
  }
  return caller.role;
}

export function requireRole(db: ReadableDb, caller: Caller, allowed: readonly Role[], doing: string): void {
  const role = checkedRole(db, caller);
  if (!allowed.includes(role)) throw new ServiceError('forbidden', `Only ${allowed.map((r) => `a ${r}`).join(' or ')} can ${doing} (you are working as ${role}).`);
}

/**
 * What a blind caller (a reviewer, or anyone with items pending in an open round) gets from each method:
 * - 'no-item-content': nothing about any question's answer is in the response;
 * - 'redacted': the response passes through the blinding rule (annotation/policy.ts);
 * - 'own': the caller's own work only (their edits, their review);
 * - 'refused': a blind caller may not call it (it would write or reveal items they review, or model
 *   drafts and model output that give answers away).
 * A method without a decision does not compile, and the blinding test calls every one.
 */
export type BlindingDecision = 'no-item-content' | 'redacted' | 'own' | 'refused';

export const blindingDecisions: Record<ApiMethod, BlindingDecision> = {
  'app.info': 'no-item-content',
  'settings.get': 'no-item-content',
  'settings.update': 'no-item-content',
  'projects.recent': 'no-item-content',
  'projects.current': 'no-item-content',
  'projects.create': 'no-item-content',
  'projects.open': 'no-item-content',
  'projects.close': 'no-item-content',
  'projects.viewState': 'no-item-content',
  'projects.selectVideo': 'no-item-content',
  'videos.list': 'no-item-content',
  'videos.import': 'no-item-content',
  'videos.relink': 'no-item-content',
  'videos.remove': 'refused',
  'videos.saveView': 'no-item-content',
  'thumbnails.get': 'no-item-content',
  'thumbnails.generate': 'no-item-content',
  // other people's import, export and readiness jobs keep their results to themselves
  'jobs.list': 'redacted',
  'jobs.cancel': 'no-item-content',
  'dialogs.pick': 'no-item-content',
  'profiles.list': 'no-item-content',
  'profiles.create': 'refused',
  'profiles.update': 'refused',
  'profiles.remove': 'refused',
  'annotations.load': 'redacted',
  // a reviewer answers in the review; the annotations under review are not theirs to change
  'marks.create': 'refused',
  'marks.update': 'refused',
  'marks.remove': 'refused',
  'captions.fill': 'refused',
  'captions.mergeRuns': 'refused',
  'questions.create': 'refused',
  'questions.update': 'refused',
  'questions.remove': 'refused',
  'queryPoints.create': 'refused',
  'queryPoints.update': 'refused',
  'queryPoints.remove': 'refused',
  'edits.undo': 'own',
  'edits.redo': 'own',
  'edits.history': 'own',
  'exchange.formats': 'no-item-content',
  'exchange.import': 'refused',
  'exchange.export': 'refused',
  'exchange.readiness': 'refused',
  'exchange.stats': 'redacted',
  'people.list': 'no-item-content',
  'people.save': 'refused',
  'people.remove': 'refused',
  'guidelines.list': 'no-item-content',
  'guidelines.add': 'refused',
  'rounds.list': 'no-item-content',
  'rounds.preview': 'refused',
  'rounds.open': 'refused',
  'rounds.close': 'refused',
  'reviews.queue': 'no-item-content',
  'reviews.context': 'redacted',
  'reviews.submit': 'own',
  'adjudication.queue': 'refused',
  'adjudication.decide': 'refused',
  'agreement.report': 'refused',
  'packages.export': 'refused',
  'packages.import': 'refused',
  // the endpoint and its key are the machine's, not the project's
  'drafting.endpoint': 'no-item-content',
  'drafting.configure': 'no-item-content',
  'drafting.setKey': 'no-item-content',
  'drafting.testConnection': 'no-item-content',
  // drafting writes items and reads their answers (drafted captions, candidate questions): not while blind
  'drafting.estimate': 'no-item-content',
  'drafting.start': 'refused',
  'drafting.probeEstimate': 'no-item-content',
  'drafting.probe': 'refused',
  'drafts.list': 'refused',
  'drafts.decide': 'refused',
  'drafts.edit': 'refused',
  'drafts.stats': 'no-item-content',
  // a model's answers and their scores say what an item's answer is
  'runs.list': 'no-item-content',
  'runs.import': 'refused',
  'runs.remove': 'refused',
  'runs.responses': 'refused',
  'runs.score': 'refused',
  'runs.replay': 'refused',
  'runs.early': 'refused',
  'runs.judgeEstimate': 'refused',
  'runs.judge': 'refused',
  'runs.judgeCheck': 'refused',
  'runs.judgeAsPerson': 'refused',
  'runs.judgeAgreement': 'no-item-content',
};

/** Calls that work before, between and regardless of projects: choosing who you are among them. */
const ROLE_FREE: ReadonlySet<ApiMethod> = new Set(['app.info', 'settings.get', 'settings.update', 'drafting.endpoint', 'drafting.configure', 'drafting.setKey', 'drafting.testConnection', 'projects.recent', 'projects.current', 'projects.create', 'projects.open', 'projects.close', 'dialogs.pick', 'jobs.list', 'jobs.cancel']);

/**
 * Every other call, while a project is open, is made in a role the project allows the person; and a
 * method a blind caller may not call is refused before it runs.
 */
export function checkCaller(method: ApiMethod, db: ReadableDb | null, caller: Caller): void {
  if (db && !ROLE_FREE.has(method)) checkedRole(db, caller);
  refuseWhileBlind(method, db, caller);
}

/** Refuses a method a blind caller may not call: to a reviewer, and to anyone with items pending review, in every role. */
function refuseWhileBlind(method: ApiMethod, db: ReadableDb | null, caller: Caller): void {
  if (blindingDecisions[method] !== 'refused') return;
  if (caller.role === 'reviewer') {
    throw new ServiceError('forbidden', `A reviewer cannot call ${method}: reviews are blind, and a reviewer answers in the review rather than changing what is reviewed.`);
  }
  const pending = db ? pendingItems(db, caller.person).size : 0;
  if (pending > 0) {
    throw new ServiceError('forbidden', `${caller.person} cannot call ${method} while ${plural(pending, 'item')} assigned to them in an open round ${pending === 1 ? 'waits' : 'wait'} for their blind review, whatever role they work in: submit those reviews first (Review → Queue).`);
  }
}
