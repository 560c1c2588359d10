// What a project keeps on either engine: a Tidemark JSONL line holding what a team server's
// PostgreSQL cannot (U+0000 in a name, a whole number beyond 32 bits) is refused by its line and
// field on both engines, instead of failing in the database with neither.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../../shared/domain';
import { formatProblem } from '../../../shared/formats/problems';
import { tempDir } from '../test-support/fixtures';
import { ENGINES, openTestProject } from '../test-support/project';
import { importTidemarkJsonl } from './tidemark-jsonl';

const lead: Caller = { person: 'lee', role: 'lead' };
const dir = tempDir();
afterAll(() => dir.remove());

const header = JSON.stringify({ tidemark: 1, table: 'project', name: 'Values' });
const round = (number: number) => JSON.stringify({ table: 'review_rounds', row: { id: `r${number}`, number, fields: '{}', created_by: 'lee', created_at: 't' } });

describe.each(ENGINES)('values a project does not keep (%s)', (engine) => {
  it('refuses U+0000 in a name and a whole number beyond 32 bits, naming line and field, and writes nothing', async () => {
    const file = join(dir.path, `values-${engine}.jsonl`);
    const person = JSON.stringify({ table: 'people', row: { id: 'p', name: 'A\u0000B', roles: '["annotator"]', created_at: 't' } });
    writeFileSync(file, [header, person, round(2 ** 31)].join('\n'));
    const project = await openTestProject(join(dir.path, `values-${engine}.tidemark`), engine);
    try {
      const outcome = await importTidemarkJsonl(project, lead, file);
      expect(outcome.refused).toBe(true);
      const problems = outcome.problems.map(formatProblem);
      expect(problems[0]).toMatch(new RegExp(`^values-${engine}\\.jsonl:2:row\\.name: holds the character U\\+0000`));
      expect(problems[1]).toMatch(new RegExp(`^values-${engine}\\.jsonl:3:row\\.number: `));
      expect(await project.store.history('lee')).toEqual([]);
    } finally {
      await project.close();
    }
  });
});
