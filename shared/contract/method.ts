// What declaring a contract method says, once: its request schema, its response type, whether it
// reads or writes, whether it starts a job, who may call it, and what a blind caller gets from it.
// Each feature declares its methods in shared/contract/<feature>.ts; index.ts merges them, and the
// allow-list, the request schemas, the response map, the blinding table, the role checks and the
// client's read/write routing are all derived from that one table.
import type { z } from 'zod';
import type { Role } from '../domain';

declare const replied: unique symbol;

/** A method's response type. It exists for the compiler only: nothing of it is there at run time. */
export interface Reply<T> {
  readonly [replied]: () => T;
}

/** The response type of a declaration: `response: reply<Video[]>()`. */
export const reply = <T>(): Reply<T> => ({}) as Reply<T>;

/**
 * 'read': changes nothing — not the project, the settings, a job or a file. The client sends a read
 * at once, where a write waits its turn behind the writes sent before it, and the services answer it
 * from the project's read connection, so it never waits for an edit (checked by
 * electron/services/read-methods.test.ts against a project opened for reading only).
 */
export type Access = 'read' | 'write';

/**
 * Who may call a method:
 * - 'anyone': it works before, between and regardless of projects, whoever calls (choosing who you
 *   are, opening a project, the machine's drafting endpoint);
 * - 'member': while a project is open, anyone it lets in, working in a role the project gives them;
 * - `{ only, doing }`: a member working in one of these roles; anyone else is told
 *   "Only a lead can <doing> (you are working as <role>)."
 */
export type Callers = 'anyone' | 'member' | { readonly only: readonly Role[]; readonly doing: string };

/**
 * What a blind caller (a reviewer, or anyone with items pending in an open round) gets from a method:
 * - 'no-item-content': nothing about any question's answer is in the response;
 * - 'redacted': the response passes through the blinding rule (annotation/policy.ts);
 * - 'own': the caller's own work only (their edits, their review);
 * - 'refused': a blind caller may not call it (it would write or reveal items they review, or model
 *   drafts and model output that give answers away).
 * The blinding test (electron/services/review/blinding.test.ts) calls every method as a blind caller.
 */
export type BlindingDecision = 'no-item-content' | 'redacted' | 'own' | 'refused';

export interface MethodDeclaration<S extends z.ZodType = z.ZodType, T = unknown, A extends Access = Access> {
  request: S;
  response: Reply<T>;
  access: A;
  /** It starts a job and answers `{ jobId }`; the job reports its progress and its outcome. */
  job: boolean;
  callers: Callers;
  blinding: BlindingDecision;
}

/** `job: true` exactly when the response is `{ jobId: string }` (a job's id, never null). */
type JobRule<T> = [T] extends [{ jobId: string }] ? { job: true } : { job: false };

/**
 * Declares one method. The compiler refuses `job: true` on a method that does not answer a job's id,
 * and `job: false` on one that does.
 */
export function method<S extends z.ZodType, T, A extends Access>(declaration: Declared<S, T, A>): Declared<S, T, A> {
  return declaration;
}

type Declared<S extends z.ZodType, T, A extends Access> = Omit<MethodDeclaration<S, T, A>, 'job'> & JobRule<T>;

/** The response type a declaration names. */
export type ResponseOf<D> = D extends MethodDeclaration<z.ZodType, infer T, Access> ? T : never;
