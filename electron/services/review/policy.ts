// Who may call what, as each method's declaration says (shared/contract/<feature>.ts: the roles that
// may call it and its blinding decision), checked before any handler runs — by dispatch and by the
// CLI. A caller's role is the one they signed in in (session/sign-in.ts, checked there too); when the
// project lists them as a person, the role must be one of theirs (a reviewer cannot lift their own blindness by calling
// themselves lead). Blind callers are served by the services, never trusted to the UI: each method is
// free of item content, redacted through annotation/policy.ts, the caller's own, or refused while
// blind. Who is blind is decided by the person, not only by the role they act in
// (review/blinding.ts): whoever works as a reviewer, and anyone with items to review in an open
// round, whichever of their roles they picked — switching role lifts nothing.
import { apiMethods, type ApiMethod } from '../../../shared/api-methods';
import { declarations } from '../../../shared/contract';
import type { BlindingDecision } from '../../../shared/contract/method';
import type { Caller, Role } from '../../../shared/domain';
import { plural } from '../../../shared/plural';
import type { ProjectStores } from '../db/stores';
import { ServiceError } from '../errors';

export type { BlindingDecision } from '../../../shared/contract/method';

/** The caller's role, checked against the project's people. */
export async function checkedRole(stores: ProjectStores, caller: Caller): Promise<Role> {
  const person = await stores.review.person(caller.person);
  // once a project lists its people, it works with them only (a lead adds people in Review → People)
  if (!person && (await stores.review.hasPeople())) throw new ServiceError('forbidden', `${caller.person} is not one of this project's people; a lead adds people (Review → People).`);
  if (person && !(person.roles as readonly Role[]).includes(caller.role)) {
    throw new ServiceError('forbidden', `${caller.person} is listed in this project as ${person.roles.join(', ')}, not ${caller.role}; choose one of those roles.`);
  }
  return caller.role;
}

/** What a blind caller gets from each method, as its declaration says (shared/contract/<feature>.ts). */
export const blindingDecisions = Object.fromEntries(apiMethods.map((m) => [m, declarations[m].blinding])) as Record<ApiMethod, BlindingDecision>;

/**
 * Checks a call before it runs, as its declaration says: while a project is open, a method not free
 * for anyone is made in a role the project allows the person; a method a blind caller may not call is
 * refused; and a method only some roles may call refuses the others. Without a project the role is
 * not checked (the handler answers that no project is open).
 */
export async function checkCaller(method: ApiMethod, stores: ProjectStores | null, caller: Caller): Promise<void> {
  const { callers } = declarations[method];
  const role = stores && callers !== 'anyone' ? await checkedRole(stores, caller) : null;
  await refuseWhileBlind(method, stores, caller);
  if (role !== null && typeof callers === 'object' && !callers.only.includes(role)) {
    throw new ServiceError('forbidden', `Only ${callers.only.map((r) => `a ${r}`).join(' or ')} can ${callers.doing} (you are working as ${role}).`);
  }
}

/** Refuses a method a blind caller may not call: to a reviewer, and to anyone with items pending review, in every role. */
async function refuseWhileBlind(method: ApiMethod, stores: ProjectStores | null, caller: Caller): Promise<void> {
  if (blindingDecisions[method] !== 'refused') return;
  if (caller.role === 'reviewer') {
    throw new ServiceError('forbidden', `A reviewer cannot call ${method}: reviews are blind, and a reviewer answers in the review rather than changing what is reviewed.`);
  }
  const pending = stores ? (await stores.review.pendingItems(caller.person)).size : 0;
  if (pending > 0) {
    throw new ServiceError(
      'forbidden',
      `${caller.person} cannot call ${method} while ${plural(pending, 'item')} assigned to them in an open round ${pending === 1 ? 'waits' : 'wait'} for their blind review, whatever role they work in: submit those reviews first (Review → Queue).`,
    );
  }
}
