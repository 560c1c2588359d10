// The caller check every transport runs before a handler (dispatch, the CLI's withProject): a method
// whose declaration names the roles that may call it refuses the others, with the message the review
// services gave when each checked its own role.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMethods } from '../../../shared/api-methods';
import { declarations } from '../../../shared/contract';
import type { Caller } from '../../../shared/domain';
import { Project } from '../projects/project';
import { tempDir } from '../test-support/fixtures';
import { ENGINES, openTestProject } from '../test-support/project';
import { ada, ann, lead, populateForReview } from '../test-support/review';
import { blindingDecisions, checkCaller } from './policy';

const dir = tempDir();
afterAll(() => dir.remove());
/** Listed as a researcher: blind to nothing, lead of nothing. */
const rae: Caller = { person: 'Rae', role: 'researcher' };

describe.each(ENGINES)('the review policy (%s)', (engine) => {
  let project: Project;

  beforeAll(async () => {
    project = await openTestProject(join(dir.path, `policy-${engine}.tidemark`), engine, { name: 'Policy' });
    await populateForReview(project);
    const { savePerson } = await import('./people');
    await savePerson(project, lead, 'Rae', ['researcher']);
  });

  afterAll(() => project.close());

  describe('the roles a method declares', () => {
    it('refuses a caller working in another role, naming what only those roles do', async () => {
      const stores = project.stores;
      await expect(checkCaller('people.save', stores, ann)).rejects.toThrow('Only a lead can add people or change their roles (you are working as annotator).');
      await expect(checkCaller('rounds.close', stores, ada)).rejects.toThrow('Only a lead can close a review round (you are working as adjudicator).');
      await expect(checkCaller('adjudication.decide', stores, rae)).rejects.toThrow('Only a adjudicator or a lead can adjudicate (you are working as researcher).');
      await expect(checkCaller('packages.import', stores, rae)).rejects.toThrow(expect.objectContaining({ code: 'forbidden' }));
    });

    it('holds every method that names its roles to them, and lets those roles through', async () => {
      const stores = project.stores;
      // one person listed in each role a blind-free caller can work in (a reviewer is refused while blind first)
      const inRole: Caller[] = [lead, ann, ada, rae];
      const wrong: string[] = [];
      for (const m of apiMethods) {
        const { callers } = declarations[m];
        if (typeof callers !== 'object') continue;
        for (const caller of inRole) {
          const allowed = callers.only.includes(caller.role);
          let message: string | null = null;
          try {
            await checkCaller(m, stores, caller);
          } catch (error) {
            message = (error as Error).message;
          }
          const expected = allowed ? null : `Only ${callers.only.map((r) => `a ${r}`).join(' or ')} can ${callers.doing} (you are working as ${caller.role}).`;
          if (message !== expected) wrong.push(`${m} as ${caller.role}: ${message}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    it('derives the blinding table from the declarations', () => {
      expect(apiMethods.filter((m) => blindingDecisions[m] !== declarations[m].blinding)).toEqual([]);
    });

    it('lets the declared roles through, and leaves the role free without a project', async () => {
      const stores = project.stores;
      await expect(checkCaller('people.save', stores, lead)).resolves.toBeUndefined();
      await expect(checkCaller('adjudication.decide', stores, ada)).resolves.toBeUndefined();
      await expect(checkCaller('agreement.report', stores, rae)).resolves.toBeUndefined();
      // with no project open the handler answers no-project, as before
      await expect(checkCaller('people.save', null, ann)).resolves.toBeUndefined();
    });
  });
});
