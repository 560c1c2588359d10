// How much of the table PostgreSQL reads for one video's slice of its query points. Scoring reads
// every video's points in turn: a slice that reads the whole table makes that n² (VCBench's 1,000
// questions on 406 videos spent most of their scoring time there). Planned as after a benchmark's
// import, before PostgreSQL has gathered statistics of the new rows.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBenchmarkFile } from '../../exchange/service';
import type { Project } from '../../projects/project';
import { tempDir, tools } from '../../test-support/fixtures';
import { openTestProject, rowsOf } from '../../test-support/project';
import { QUERY_POINTS_OF_VIDEO_SLICE } from './annotation';

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

/** The rows the plan's nodes over `table` gave, in all. */
function rowsReadFrom(node: PlanNode, table: string): number {
  const own = node['Relation Name'] === table ? node['Actual Rows'] * node['Actual Loops'] : 0;
  return own + (node.Plans ?? []).reduce((n, child) => n + rowsReadFrom(child, table), 0);
}

describe("one video's query points, a slice at a time on PostgreSQL", () => {
  const dir = tempDir();
  let project: Project;
  beforeAll(async () => {
    const data = join(dir.path, 'vcbench_data.jsonl');
    writeFileSync(data, gunzipSync(readFileSync(join(__dirname, '..', '..', '..', '..', 'shared', 'scoring', 'fixtures', 'vcbench', 'vcbench_data.jsonl.gz'))));
    project = await openTestProject(join(dir.path, 'p.tidemark'), 'postgres');
    const outcome = await importBenchmarkFile(project, { person: 'ann', role: 'lead' }, tools, { path: data, format: 'vcbench', mediaDir: join(dir.path, 'no-media') });
    expect(outcome.problems).toEqual([]);
  }, 60_000);
  afterAll(async () => {
    await project.close();
    dir.remove();
  });

  it("reads the points of the video's questions, not every point", async () => {
    const video = (await project.stores.videos.list())[7]!.id;
    const points = await project.stores.annotation.queryPointsOfVideo(video);
    expect(points.length).toBeGreaterThan(0);
    const [row] = await rowsOf<{ 'QUERY PLAN': unknown }>(project, `EXPLAIN (ANALYZE, FORMAT JSON) ${QUERY_POINTS_OF_VIDEO_SLICE}`, video, 0, 5000);
    const plan = (typeof row!['QUERY PLAN'] === 'string' ? JSON.parse(row!['QUERY PLAN']) : row!['QUERY PLAN']) as Array<{ Plan: PlanNode }>;
    expect(rowsReadFrom(plan[0]!.Plan, 'query_points')).toBe(points.length);
  });
});
