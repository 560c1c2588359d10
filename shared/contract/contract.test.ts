// The contract is declared once per method (shared/contract/<feature>.ts) and every table the code
// reads is derived from those declarations: the allow-list, the reads, the request schemas, and —
// at the type level — the responses and the jobs.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requestSchemas, type ApiMethod, type ApiResponses } from '../api';
import { apiMethods, isApiMethod, readMethods, type ReadMethod } from '../api-methods';
import { roles, type Video } from '../domain';
import { declarations, features, methods, type Methods } from '.';
import { empty } from './fields';
import { method, reply } from './method';

describe('one declaration per method', () => {
  it('declares every method in exactly one feature', () => {
    const declaredIn = new Map<string, string[]>();
    for (const [feature, declared] of Object.entries(features)) for (const name of Object.keys(declared)) declaredIn.set(name, [...(declaredIn.get(name) ?? []), feature]);
    expect([...declaredIn].filter(([, where]) => where.length !== 1)).toEqual([]);
    expect([...declaredIn.keys()].sort()).toEqual(Object.keys(methods).sort());
  });

  it('names each method after its feature, as feature.call', () => {
    expect(apiMethods.filter((m) => !/^[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*$/.test(m))).toEqual([]);
  });

  it('accepts the declared names and nothing else', () => {
    expect([...apiMethods].sort()).toEqual(Object.keys(declarations).sort());
    expect(apiMethods.every(isApiMethod)).toBe(true);
    for (const other of ['app.infos', 'constructor', '__proto__', 'toString', '', 3, null]) expect(isApiMethod(other)).toBe(false);
  });

  it('derives the reads, the request schemas and the roles from the declarations', () => {
    expect([...readMethods].sort()).toEqual(apiMethods.filter((m) => declarations[m].access === 'read').sort());
    expect(apiMethods.filter((m) => requestSchemas[m] !== declarations[m].request)).toEqual([]);
    const namedRoles = apiMethods.flatMap((m) => {
      const { callers } = declarations[m];
      return typeof callers === 'object' ? callers.only : [];
    });
    expect(namedRoles.filter((r) => !roles.includes(r))).toEqual([]);
  });

  it('parses a request with its declared schema (defaults filled in)', () => {
    expect(requestSchemas['agreement.report'].parse({})).toEqual({ round: null, by: 'none' });
    expect(requestSchemas['settings.update'].safeParse({ role: 'boss' }).success).toBe(false);
  });
});

// ── the types: checked by tsc (tsconfig.node.json), not at run time ──

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(): T => true as T;

/** A method starts a job exactly when it answers `{ jobId: string }`: its handler (Handler<M>) must answer one. */
type JobsAnswerTheirIds = { [M in ApiMethod]: Equal<Methods[M]['job'], ApiResponses[M] extends { jobId: string } ? true : false> }[ApiMethod];

describe('the declarations at the type level', () => {
  it('types the responses and the reads from the declarations', () => {
    assertType<Equal<ApiResponses['videos.list'], Video[]>>();
    assertType<Equal<ApiResponses['exchange.readiness'], { jobId: string }>>();
    assertType<Equal<JobsAnswerTheirIds, true>>();
    assertType<Equal<Extract<ReadMethod, 'marks.create'>, never>>();
    assertType<Equal<Extract<ReadMethod, 'annotations.load'>, 'annotations.load'>>();
    assertType<Equal<z.input<(typeof requestSchemas)['jobs.cancel']>, { jobId: string }>>();
    expect(apiMethods.filter((m) => declarations[m].job)).toContain('exchange.import');
  });

  it('refuses a job that answers no job id, and a job id from a method that is not a job', () => {
    const base = { request: empty, access: 'write', callers: 'member', blinding: 'no-item-content' } as const;
    // @ts-expect-error a job answers { jobId }
    method({ ...base, response: reply<null>(), job: true });
    // @ts-expect-error a method answering { jobId } starts a job
    method({ ...base, response: reply<{ jobId: string }>(), job: false });
    // a job id that may be null is not a job's answer (thumbnails.get: the job running, if any)
    method({ ...base, response: reply<{ jobId: string | null }>(), job: false });
    expect(declarations['thumbnails.get'].job).toBe(false);
  });
});
