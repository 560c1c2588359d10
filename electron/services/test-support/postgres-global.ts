// One throwaway PostgreSQL cluster for the whole test run (vitest's globalSetup): the suites that run
// on both engines open their projects in it, each test in a schema of its own. Stopped and removed
// when the run ends.
import type { TestProject } from 'vitest/node';
import { startTestPostgres, type TestPostgres } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://… of the run's cluster. */
    postgres: string;
  }
}

let cluster: TestPostgres | null = null;

export async function setup(project: TestProject): Promise<void> {
  cluster = await startTestPostgres();
  project.provide('postgres', cluster.url);
}

export async function teardown(): Promise<void> {
  await cluster?.stop();
  cluster = null;
}
