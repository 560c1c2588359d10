// Figures for issue 24: a team server (`tidemark serve`, a child process so its memory is its own)
// under a team's load — 50 annotators adding a mark every 2 s and a question every 30 s (undoing
// about one mark in 20), 10 reviewers submitting a review every 20 s, and a lead's page listening
// to the project's event stream — for TIDEMARK_BENCH_TEAM_SECONDS (600 by default). Printed: calls
// per second, latency per kind of call, errors, acknowledged writes lost, the server's resident
// memory over time, and how long after its call's answer each mark reached the event stream. Three
// runs, one after the other: the embedded engine (projects as files), one process on PostgreSQL,
// and two processes sharing one data folder and PostgreSQL database with the clients split between
// them — each PostgreSQL run on a throwaway cluster of its own, whose memory is sampled too.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import * as annotation from '../electron/services/annotation/service';
import { builtinProfileId } from '../electron/services/profiles/builtin';
import { openRound } from '../electron/services/review/rounds';
import { openTeamData } from '../electron/services/team/data';
import { insertTestVideo } from '../electron/services/test-support/project';
import { startTestPostgres, type TestPostgres } from '../electron/services/test-support/postgres';
import { queryPointFieldsSchema, questionFieldsSchema } from '../shared/questions';
import { CSRF_COOKIE, teamResultSchema } from '../shared/team';
import { figure } from './figures';
import { mb, ms, residentMemory, stats } from './support';

const PROJECT = 'bench';
const ANNOTATORS = 50;
const REVIEWERS = 10;
const LEAD = 'Lee';
const PASSWORD = 'bench password, long enough';
const MARK_EVERY_MS = 2_000;
const QUESTION_EVERY_MS = 30_000;
const REVIEW_EVERY_MS = 20_000;
const UNDO_ONE_IN = 20;
const RSS_EVERY_MS = 10_000;
const VIDEO_SECONDS = 3_600;
/** A call not answered in this long counts as an error (its write may still land: see the count of marks). */
const CALL_TIMEOUT_MS = 30_000;

const secondsSchema = z.coerce.number().int().min(10, 'at least 10 s').max(86_400, 'at most a day');

function durationSeconds(): number {
  const given = process.env.TIDEMARK_BENCH_TEAM_SECONDS;
  if (given === undefined) return 600;
  const parsed = secondsSchema.safeParse(given);
  if (!parsed.success) throw new Error(`TIDEMARK_BENCH_TEAM_SECONDS=${given}: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

// the answers this bench reads, each parsed before it is believed
const idOnly = z.object({ id: z.string() });
const answerSchemas = {
  'marks.create': z.array(idOnly).length(1),
  'questions.create': z.object({ question: idOnly }),
  'edits.undo': z.object({ label: z.string(), tables: z.array(z.string()), videoIds: z.array(z.string()) }).nullable(),
  'reviews.queue': z.array(z.object({ round: z.number(), questionId: z.string(), done: z.boolean() })),
  'reviews.submit': idOnly,
  'annotations.load': z.object({ marks: z.array(idOnly) }),
} as const;
type Kind = keyof typeof answerSchemas;
const editEventSchema = z.object({ person: z.string(), tables: z.array(z.string()), videoIds: z.array(z.string()) });

/** One person's browser: the server process they use, and their cookies, sent back as a browser would. */
interface Client {
  name: string;
  url: string;
  cookies: Map<string, string>;
}

/** An edit the server acknowledged, in the order its author made them (one call at a time each). */
interface Acked {
  kind: Kind;
  sentAt: number;
  answeredAt: number;
}

class Load {
  readonly latencies = new Map<string, number[]>();
  readonly errors: string[] = [];
  /** Calls whose outcome is unknown (no answer, or one that did not parse): their write may or may not be there. */
  unanswered = 0;
  calls = 0;

  async http(client: Client, path: string, body?: unknown): Promise<{ status: number; text: string }> {
    const headers: Record<string, string> = {};
    if (client.cookies.size) headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const csrf = client.cookies.get(CSRF_COOKIE);
    if (csrf) headers['x-csrf-token'] = csrf;
    const response = await fetch(`${client.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const eq = pair.indexOf('=');
      if (/Max-Age=0/i.test(line)) client.cookies.delete(pair.slice(0, eq));
      else client.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return { status: response.status, text: await response.text() };
  }

  /** A timed call of `kind` by `client`: its value and when its answer arrived, or null (an error, recorded). */
  async call<K extends Kind>(client: Client, kind: K, payload: unknown): Promise<{ value: z.infer<(typeof answerSchemas)[K]>; sentAt: number; answeredAt: number } | null> {
    const sentAt = performance.now();
    this.calls++;
    let answer: { status: number; text: string };
    try {
      answer = await this.http(client, `/p/${PROJECT}/api/${kind}`, payload);
    } catch (error) {
      this.unanswered++;
      this.errors.push(`${kind} by ${client.name}: no answer (${error instanceof Error ? error.message : String(error)})`);
      return null;
    }
    const answeredAt = performance.now();
    let json: unknown;
    try {
      json = JSON.parse(answer.text);
    } catch {
      json = undefined;
    }
    const parsed = teamResultSchema(answerSchemas[kind]).safeParse(json);
    if (!parsed.success) {
      this.unanswered++;
      this.errors.push(`${kind} by ${client.name}: HTTP ${answer.status}, an answer that does not parse: ${answer.text.slice(0, 200)}`);
      return null;
    }
    if (!parsed.data.ok) {
      this.errors.push(`${kind} by ${client.name}: HTTP ${answer.status} ${parsed.data.error.code}: ${parsed.data.error.message}`);
      return null;
    }
    const list = this.latencies.get(kind) ?? [];
    list.push(answeredAt - sentAt);
    this.latencies.set(kind, list);
    return { value: parsed.data.value as z.infer<(typeof answerSchemas)[K]>, sentAt, answeredAt };
  }
}

interface Setup {
  videoId: string;
  /** Each account's one-time invitation token (accepting it over HTTP is their sign-in). */
  tokens: Map<string, string>;
  /** The seeded questions' one query point each, which a review answers. */
  pointOf: Map<string, string>;
  annotators: string[];
  reviewers: string[];
}

const annotatorName = (i: number): string => `Ann${String(i + 1).padStart(2, '0')}`;
const reviewerName = (i: number): string => `Rev${String(i + 1).padStart(2, '0')}`;

/**
 * The server's data folder, made in-process before it starts: the accounts (each with an
 * invitation), the project with a one-hour video row (no media: marks and questions only need its
 * duration), and a review round opened by the lead over questions seeded now. A round's items are
 * chosen when it opens, so questions the annotators add during the run could not be in it; enough
 * are seeded for every reviewer to submit one every 20 s to the end.
 */
async function prepare(dataDir: string, database: string | undefined, seconds: number): Promise<Setup> {
  // (links are made before the server has an address: only their tokens are used)
  const data = await openTeamData(dataDir, { version: 'bench', publicUrl: () => 'http://127.0.0.1', ...(database ? { database } : {}) });
  try {
    const annotators = Array.from({ length: ANNOTATORS }, (_, i) => annotatorName(i));
    const reviewers = Array.from({ length: REVIEWERS }, (_, i) => reviewerName(i));
    const tokens = new Map<string, string>();
    for (const name of [LEAD, ...annotators, ...reviewers]) tokens.set(name, new URL((await data.accounts.addAccount(name)).link).searchParams.get('token')!);
    await data.host.create(PROJECT, LEAD);
    for (const name of annotators) await data.host.setRoles(PROJECT, name, ['annotator'], LEAD);
    for (const name of reviewers) await data.host.setRoles(PROJECT, name, ['reviewer'], LEAD);
    const { project } = await data.host.open(PROJECT);
    const videoId = await insertTestVideo(project, { name: 'one-hour.mp4', relPath: 'one-hour.mp4', duration: VIDEO_SECONDS });
    // two reviews per item over ten reviewers: each reviewer is assigned a fifth of the items
    const items = Math.ceil(((seconds * 1000) / REVIEW_EVERY_MS + 10) * (REVIEWERS / 2));
    const pointOf = new Map<string, string>();
    for (let i = 0; i < items; i++) {
      const made = await annotation.createQuestion(project, { person: annotators[i % ANNOTATORS]!, role: 'annotator' }, videoId, seededQuestion(i), [
        queryPointFieldsSchema.parse({ time: 10 + (i % 3000), answer: 'A' }),
      ]);
      pointOf.set(made.question.id, made.queryPoints[0]!.id);
    }
    await openRound(
      project,
      { person: LEAD, role: 'lead' },
      {
        name: 'Bench round',
        purpose: 'review',
        selection: { profileId: null, taskCodes: [], statuses: [], authors: [], sample: null },
        reviewers,
        reviewsPerItem: 2,
        threshold: 0.8,
        numericTolerance: 0,
        eventTolerance: 1,
      },
    );
    return { videoId, tokens, pointOf, annotators, reviewers };
  } finally {
    await data.close();
  }
}

const seededQuestion = (i: number) =>
  questionFieldsSchema.parse({
    profileId: builtinProfileId('ovo-s-bench'),
    taskCode: '1.1.1',
    text: `Seeded question ${i}: which is nearer?`,
    options: { A: 'chair', B: 'table', C: 'door', D: 'lamp' },
  });

interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

async function startServer(cli: string, dataDir: string, database: string | undefined): Promise<Server> {
  const args = ['serve', '--data-dir', dataDir, '--listen', '127.0.0.1:0', ...(database ? ['--database', database] : [])];
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  // should this process end without its finally blocks (process.exit), the server ends with it
  const orphanGuard = (): void => void child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  let output = '';
  const onData = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const stop = async (): Promise<void> => {
    process.removeListener('exit', orphanGuard);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`tidemark serve did not start in 30 s:\n${output}`)), 30_000);
      child.stdout!.on('data', () => {
        const match = /team server on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      child.once('exit', (code) => reject(new Error(`tidemark serve exited (${code}):\n${output}`)));
    });
    return { child, url, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The lead's page listening to the project's edits: each event's arrival time, by its author, in
 * the order they arrive. Resolves once `signal` aborts; a stream that ends before is an error.
 */
async function observe(load: Load, client: Client, arrivals: Map<string, Array<{ at: number; tables: string[] }>>, signal: AbortSignal): Promise<void> {
  const headers = { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  const response = await fetch(`${client.url}/p/${PROJECT}/events`, { headers, signal });
  if (response.status !== 200 || !response.body) throw new Error(`GET /p/${PROJECT}/events: HTTP ${response.status} ${await response.text()}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        load.errors.push('the event stream ended before the run did');
        return;
      }
      const at = performance.now();
      buffered += decoder.decode(value, { stream: true });
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        if (!line.startsWith('data: ')) continue;
        const event = editEventSchema.safeParse(JSON.parse(line.slice(6)));
        if (!event.success) {
          load.errors.push(`event stream: an event that does not parse: ${line.slice(0, 200)}`);
          continue;
        }
        const list = arrivals.get(event.data.person) ?? [];
        list.push({ at, tables: event.data.tables });
        arrivals.set(event.data.person, list);
      }
    }
  } catch (error) {
    if (!signal.aborted) throw error;
  }
}

/** A seeded pseudo-random sequence (the same run each time). */
function randomFrom(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

interface Tally {
  marksAcked: number;
  undosOfMarks: number;
}

/**
 * One annotator: a mark every 2 s and a question every 30 s on a fixed schedule from a random
 * offset (a slow answer delays the next call, which then follows at once: the offered load stays the
 * same), and about one mark in 20 undone right after it is made — their last edit, so the undo takes
 * back that mark.
 */
async function annotate(load: Load, client: Client, videoId: string, start: number, until: number, random: () => number, acked: Acked[], tally: Tally): Promise<void> {
  let nextMark = start + random() * MARK_EVERY_MS;
  let nextQuestion = start + random() * QUESTION_EVERY_MS;
  let questions = 0;
  for (;;) {
    const due = Math.min(nextMark, nextQuestion);
    if (due >= until) return;
    await sleep(due - performance.now());
    if (nextMark <= nextQuestion) {
      nextMark += MARK_EVERY_MS;
      const time = Math.round(random() * (VIDEO_SECONDS - 1) * 10) / 10;
      const made = await load.call(client, 'marks.create', { videoId, marks: [{ type: 'event', start: time, end: null, target: 'bench', data: {} }] });
      if (!made) continue;
      tally.marksAcked++;
      acked.push({ kind: 'marks.create', sentAt: made.sentAt, answeredAt: made.answeredAt });
      if (random() * UNDO_ONE_IN < 1) {
        const undone = await load.call(client, 'edits.undo', {});
        if (!undone?.value) continue;
        acked.push({ kind: 'edits.undo', sentAt: undone.sentAt, answeredAt: undone.answeredAt });
        if (undone.value.tables.includes('marks')) tally.undosOfMarks++;
        else load.errors.push(`edits.undo by ${client.name} right after a mark undid “${undone.value.label}” (${undone.value.tables.join(', ')})`);
      }
    } else {
      nextQuestion += QUESTION_EVERY_MS;
      const at = Math.round(random() * (VIDEO_SECONDS - 1));
      const made = await load.call(client, 'questions.create', {
        videoId,
        fields: { profileId: builtinProfileId('ovo-s-bench'), taskCode: '1.1.1', text: `${client.name}'s question ${++questions}`, options: { A: 'yes', B: 'no' } },
        queryPoints: [{ time: at, answer: 'A' }],
      });
      if (made) acked.push({ kind: 'questions.create', sentAt: made.sentAt, answeredAt: made.answeredAt });
    }
  }
}

/** One reviewer: every 20 s, their queue, and a review of the first item in it not done yet. */
async function review(load: Load, client: Client, pointOf: Map<string, string>, start: number, until: number, random: () => number, counts: { submitted: number; queueEmpty: number }): Promise<void> {
  for (let next = start + random() * REVIEW_EVERY_MS; next < until; next += REVIEW_EVERY_MS) {
    await sleep(next - performance.now());
    const queue = await load.call(client, 'reviews.queue', {});
    if (!queue) continue;
    const item = queue.value.find((q) => !q.done);
    if (!item) {
      counts.queueEmpty++;
      continue;
    }
    const point = pointOf.get(item.questionId);
    if (!point) {
      load.errors.push(`reviews.queue by ${client.name}: ${item.questionId} is not a seeded question`);
      continue;
    }
    const submitted = await load.call(client, 'reviews.submit', {
      questionId: item.questionId,
      round: item.round,
      answers: [{ queryPointId: point, answer: 'A' }],
      verdict: 'accept',
      secondsSpent: 20,
    });
    if (submitted) counts.submitted++;
  }
}

/** Signs a person in by accepting their invitation over HTTP (scrypt sets their password): their client. */
async function signIn(load: Load, url: string, name: string, token: string): Promise<Client> {
  const client: Client = { name, url, cookies: new Map() };
  const started = performance.now();
  const answer = await load.http(client, '/team/invitation', { token, password: PASSWORD });
  if (answer.status !== 200 || !client.cookies.has(CSRF_COOKIE)) throw new Error(`POST /team/invitation for ${name}: HTTP ${answer.status} ${answer.text.slice(0, 300)}`);
  const list = load.latencies.get('sign-in (invitation)') ?? [];
  list.push(performance.now() - started);
  load.latencies.set('sign-in (invitation)', list);
  return client;
}

export async function benchTeam(): Promise<void> {
  const seconds = durationSeconds();
  console.log(
    `Team server under load for ${seconds} s (TIDEMARK_BENCH_TEAM_SECONDS; the issue asks 600): ${ANNOTATORS} annotators (a mark every 2 s, a question every 30 s, ~1 mark in ${UNDO_ONE_IN} undone), ${REVIEWERS} reviewers (a review every 20 s), one lead's event stream`,
  );
  // Other work in the checkout may rebuild dist/ during the half hour (a test's build): every run's
  // servers start from one copy of the build, beside it so it finds what the build finds.
  const cli = join(process.cwd(), 'dist/cli', `tidemark-bench-team-${process.pid}.mjs`);
  copyFileSync(join(process.cwd(), 'dist/cli/tidemark.mjs'), cli);
  try {
    await runTeam(cli, 'One server process, the embedded engine (each project a file)', seconds, 1, null, 'team');
    // each PostgreSQL run on a fresh cluster, so its memory starts from nothing, as the server's does
    await onPostgres(cli, 'One server process on PostgreSQL (projects, accounts and sessions in the database)', seconds, 1, 'team postgres');
    await onPostgres(
      cli,
      'Two server processes on one data folder and PostgreSQL database (clients alternate between them; the lead streams from the first)',
      seconds,
      2,
      'team postgres two processes',
    );
  } finally {
    rmSync(cli, { force: true });
  }
}

async function onPostgres(cli: string, label: string, seconds: number, processes: number, prefix: string): Promise<void> {
  let postgres: TestPostgres;
  try {
    postgres = await startTestPostgres();
  } catch (error) {
    console.log(`${label}: not measured — ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  try {
    const database = await postgres.database();
    await runTeam(cli, label, seconds, processes, { database, postmaster: await postmasterOf(database) }, prefix);
  } finally {
    await postgres.stop();
  }
}

/** The cluster's postmaster: the first line of postmaster.pid in its data folder (which the server names). */
async function postmasterOf(database: string): Promise<number> {
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  let dataDirectory: string;
  try {
    dataDirectory = z.object({ data_directory: z.string() }).parse((await client.query('SHOW data_directory')).rows[0]).data_directory;
  } finally {
    await client.end();
  }
  const file = join(dataDirectory, 'postmaster.pid');
  const pid = z.coerce.number().int().positive().safeParse(readFileSync(file, 'utf8').split('\n')[0]);
  if (!pid.success) throw new Error(`${file}, line 1: not a process id`);
  return pid.data;
}

/** A /proc file's text, or null once its process has ended (they come and go between the listing and the read). */
function procText(pid: number, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null;
  }
}

const kbField = (text: string | null, field: string): number => {
  const kb = text && new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  return kb ? Number(kb[1]) * 1024 : 0;
};

/**
 * PostgreSQL's memory at one moment: the postmaster and its children (background processes and one
 * backend per connection). The sum of their RSS counts each shared-buffer page once per process that
 * has touched it, so it grows as backends reach more of the shared buffers; PSS shares such pages
 * out among the processes, so its sum is what the cluster holds.
 */
function clusterMemory(postmaster: number): PostgresSample {
  const pids = [postmaster];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procText(Number(entry), 'stat');
    // the command (field 2) is in parentheses and may hold spaces; after its ')' come state, then ppid
    if (stat && Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster) pids.push(Number(entry));
  }
  let rss = 0;
  let pss = 0;
  for (const pid of pids) {
    rss += kbField(procText(pid, 'status'), 'VmRSS');
    pss += kbField(procText(pid, 'smaps_rollup'), 'Pss');
  }
  return { rss, pss, processes: pids.length };
}

/**
 * One run: the data folder prepared, `processes` servers (the build `cli`) started on it (on
 * `postgres`' database, whose cluster's memory is sampled with theirs), the clients split between
 * them (the lead's event stream on the first, so with two the other's edits reach it through the
 * database), the load for `seconds`, the figures (named with `prefix`) — and everything it started
 * stopped and removed, also on failure.
 */
async function runTeam(cli: string, label: string, seconds: number, processes: number, postgres: { database: string; postmaster: number } | null, prefix: string): Promise<void> {
  console.log(`${label}:`);
  const database = postgres?.database;
  const dir = mkdtempSync(join(tmpdir(), 'tidemark-bench-team-'));
  const dataDir = join(dir, 'server');
  const servers: Server[] = [];
  const stopObserving = new AbortController();
  try {
    const setup = await prepare(dataDir, database, seconds);
    for (let i = 0; i < processes; i++) servers.push(await startServer(cli, dataDir, database));
    const urlOf = (i: number): string => servers[i % servers.length]!.url;
    const load = new Load();
    const lead = await signIn(load, urlOf(0), LEAD, setup.tokens.get(LEAD)!);
    const annotators: Client[] = [];
    for (const [i, name] of setup.annotators.entries()) annotators.push(await signIn(load, urlOf(i), name, setup.tokens.get(name)!));
    const reviewers: Client[] = [];
    for (const [i, name] of setup.reviewers.entries()) reviewers.push(await signIn(load, urlOf(i), name, setup.tokens.get(name)!));

    const arrivals = new Map<string, Array<{ at: number; tables: string[] }>>();
    let streamFailure: unknown = null;
    const observing = observe(load, lead, arrivals, stopObserving.signal).catch((error: unknown) => void (streamFailure = error));
    // the stream is open once the server has answered its request; a moment for it to subscribe
    await sleep(500);

    const start = performance.now();
    const until = start + seconds * 1000;
    const rss: RssSample[] = [];
    const sampleRss = (): void =>
      void rss.push({
        at: (performance.now() - start) / 1000,
        bytes: servers.map((s) => residentMemory(s.child.pid!)),
        ...(postgres ? { postgres: clusterMemory(postgres.postmaster) } : {}),
      });
    // the machine is shared: its load says how far the figures are this server's alone
    const loadAverage = (): string =>
      loadavg()
        .map((x) => x.toFixed(2))
        .join(', ');
    console.log(`  load average at the start: ${loadAverage()}`);
    sampleRss();
    const sampler = setInterval(sampleRss, RSS_EVERY_MS);
    const acked = new Map<string, Acked[]>(setup.annotators.map((name) => [name, []]));
    const tally: Tally = { marksAcked: 0, undosOfMarks: 0 };
    const reviewCounts = { submitted: 0, queueEmpty: 0 };
    const callsBefore = load.calls;
    try {
      await Promise.all([
        ...annotators.map((c, i) => annotate(load, c, setup.videoId, start, until, randomFrom(1_000 + i), acked.get(c.name)!, tally)),
        ...reviewers.map((c, i) => review(load, c, setup.pointOf, start, until, randomFrom(2_000 + i), reviewCounts)),
      ]);
    } finally {
      clearInterval(sampler);
    }
    const wall = (performance.now() - start) / 1000;
    if (performance.now() - start - rss.at(-1)!.at * 1000 > 1000) sampleRss();
    console.log(`  load average at the end: ${loadAverage()}`);
    // the last edits' events are on their way
    await sleep(2_000);
    stopObserving.abort();
    await observing;
    if (streamFailure) load.errors.push(`event stream: ${streamFailure instanceof Error ? streamFailure.message : String(streamFailure)}`);

    const calls = load.calls - callsBefore;
    console.log(
      `  ${calls.toLocaleString('en')} calls in ${wall.toFixed(0)} s: ${(calls / wall).toFixed(1)} calls per second; ${reviewCounts.submitted} reviews submitted (${reviewCounts.queueEmpty} times a reviewer's queue had nothing left)`,
    );
    figure(`${prefix} calls per second`, calls / wall, 'x');
    for (const [kind, values] of load.latencies) {
      const s = stats(values);
      console.log(`  ${kind}: p50 ${ms(s.median)}, p95 ${ms(s.p95)}, p99 ${ms(s.p99)}, longest ${ms(s.max)} (${s.n} answered)`);
      if (kind === 'sign-in (invitation)') continue;
      figure(`${prefix} ${kind} p50`, s.median, 'ms');
      figure(`${prefix} ${kind} p95`, s.p95, 'ms');
      figure(`${prefix} ${kind} p99`, s.p99, 'ms');
    }

    // Acknowledged writes lost. Each acknowledged marks.create added one mark (one per call); each
    // acknowledged undo that answered with the marks table took back the mark its author had just
    // made (undo is per person and came right after their mark, before any other edit of theirs).
    // Nothing else adds or removes marks, and the seeded project has none, so the project must hold
    // exactly marks acknowledged − marks undone. Fewer is an acknowledged write lost; more can only
    // be a call whose answer never came (a timeout) whose write landed anyway — at most `unanswered`.
    // The marks are read through the server's API, so a project file and a PostgreSQL schema alike.
    const loaded = await load.call(lead, 'annotations.load', { videoId: setup.videoId });
    if (!loaded) throw new Error(`annotations.load as the lead failed after the run: ${load.errors.at(-1)}`);
    const expected = tally.marksAcked - tally.undosOfMarks;
    const found = loaded.value.marks.length;
    const lost = Math.max(0, expected - found);
    console.log(
      `  acknowledged writes lost: ${lost} (${tally.marksAcked} marks acknowledged, ${tally.undosOfMarks} undone, ${expected} expected, ${found} in the project${found > expected ? `; ${found - expected} more than acknowledged, from calls that got no answer (${load.unanswered})` : ''})`,
    );
    figure(`${prefix} acknowledged writes lost`, lost, 'x');

    console.log(
      `  errors: ${load.errors.length}${load.unanswered ? ` (${load.unanswered} calls without an answer)` : ''}${load.errors.length ? '; first: ' + load.errors.slice(0, 5).join(' | ') : ''}`,
    );
    figure(`${prefix} errors`, load.errors.length, 'x');

    // Event delay: each annotator makes one call at a time, and the server streams each committed
    // edit as it commits, so the k-th event by a person is their k-th acknowledged edit. A person
    // whose counts differ (an event without an acknowledged call: a timed-out call that committed)
    // cannot be paired reliably and is left out, and said.
    const fromAnswer: number[] = [];
    /** With two processes: the delays of the second's annotators, whose edits reach the stream through the database. */
    const relayed: number[] = [];
    const viaOther = new Set(annotators.filter((c) => c.url !== lead.url).map((c) => c.name));
    const fromSend: number[] = [];
    const unpaired: string[] = [];
    for (const [name, edits] of acked) {
      const events = arrivals.get(name) ?? [];
      if (events.length !== edits.length) {
        unpaired.push(`${name}: ${edits.length} acknowledged edits, ${events.length} events`);
        continue;
      }
      edits.forEach((edit, k) => {
        if (edit.kind !== 'marks.create') return;
        if (!events[k]!.tables.includes('marks')) unpaired.push(`${name}'s edit ${k + 1}: a mark, but the event names ${events[k]!.tables.join(', ')}`);
        fromAnswer.push(events[k]!.at - edit.answeredAt);
        if (viaOther.has(name)) relayed.push(events[k]!.at - edit.answeredAt);
        fromSend.push(events[k]!.at - edit.sentAt);
      });
    }
    const delay = stats(fromAnswer);
    const sent = stats(fromSend);
    console.log(
      `  event delay of a mark after its call's answer: p50 ${ms(delay.median)}, p95 ${ms(delay.p95)}, longest ${ms(delay.max)} (negative: the event came before the answer); after the call was sent: p50 ${ms(sent.median)}, p95 ${ms(sent.p95)} (${delay.n} marks)`,
    );
    if (unpaired.length) console.log(`  events not paired: ${unpaired.length} (${unpaired.slice(0, 3).join('; ')})`);
    figure(`${prefix} event delay after answer p50`, delay.median, 'ms');
    figure(`${prefix} event delay after answer p95`, delay.p95, 'ms');
    figure(`${prefix} event delay after send p95`, sent.p95, 'ms');
    if (relayed.length) {
      const other = stats(relayed);
      console.log(
        `  of which the marks made on the other process (relayed through PostgreSQL): p50 ${ms(other.median)}, p95 ${ms(other.p95)}, longest ${ms(other.max)} after the answer (${other.n} marks)`,
      );
      figure(`${prefix} relayed event delay after answer p95`, other.p95, 'ms');
    }

    for (let i = 0; i < servers.length; i++)
      reportMemory(
        rss.map((s) => ({ at: s.at, bytes: s.bytes[i]! })),
        servers.length > 1 ? `server ${i + 1}` : 'server',
        `${prefix} server${servers.length > 1 ? ` ${i + 1}` : ''}`,
      );
    if (postgres) {
      const processCounts = rss.map((s) => s.postgres!.processes);
      console.log(`  PostgreSQL: the postmaster and ${Math.min(...processCounts) - 1}–${Math.max(...processCounts) - 1} processes of its own`);
      // RSS as asked (a shared page counted in each process that touched it), and PSS: what the cluster holds
      const cluster = 'PostgreSQL (its processes summed)';
      reportMemory(
        rss.map((s) => ({ at: s.at, bytes: s.postgres!.rss })),
        cluster,
        `${prefix} PostgreSQL`,
      );
      reportMemory(
        rss.map((s) => ({ at: s.at, bytes: s.postgres!.pss })),
        cluster,
        `${prefix} PostgreSQL`,
        'PSS',
      );
    }
  } finally {
    stopObserving.abort();
    for (const server of servers) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each server process's resident memory at one moment (s since the load began), and PostgreSQL's on it. */
interface RssSample {
  at: number;
  bytes: number[];
  postgres?: PostgresSample;
}

/** Bytes summed over the cluster's processes, and how many there were. */
interface PostgresSample {
  rss: number;
  pss: number;
  processes: number;
}

/** One process's (or cluster's) memory, RSS or PSS: a sample a minute, then the first minute against the rest. */
function reportMemory(rss: Array<{ at: number; bytes: number }>, who: string, prefix: string, measure: 'RSS' | 'PSS' = 'RSS'): void {
  // (timers drift: the sample nearest the minute's end counts as its end)
  const firstMinute = rss.filter((s) => s.at <= 60 + RSS_EVERY_MS / 2000);
  const rest = rss.filter((s) => s.at > 60 + RSS_EVERY_MS / 2000);
  const shown = rss.filter((s, i) => rss.length <= 13 || i % 6 === 0 || i === rss.length - 1);
  console.log(
    `  ${who} ${measure} (sampled every ${RSS_EVERY_MS / 1000} s${shown.length < rss.length ? ', shown a minute apart' : ''}): ${shown.map((s) => `${s.at.toFixed(0)} s ${mb(s.bytes)}`).join(', ')}`,
  );
  const endOfFirst = firstMinute.at(-1)!;
  figure(`${prefix} ${measure} after the first minute`, endOfFirst.bytes / 1e6, 'MB');
  if (rest.length < 2) {
    console.log(`  ${who} ${measure} after the first minute ${mb(endOfFirst.bytes)}; the run is too short to compare the rest with it`);
    return;
  }
  // growth per minute after the first: a least-squares line through the later samples
  const n = rest.length;
  const meanAt = rest.reduce((a, s) => a + s.at, 0) / n;
  const meanBytes = rest.reduce((a, s) => a + s.bytes, 0) / n;
  const slope = rest.reduce((a, s) => a + (s.at - meanAt) * (s.bytes - meanBytes), 0) / rest.reduce((a, s) => a + (s.at - meanAt) ** 2, 0);
  const last = rest.at(-1)!;
  const peak = Math.max(...rest.map((s) => s.bytes));
  console.log(
    `  ${who} ${measure}: ${mb(endOfFirst.bytes)} after the first minute (${mb(firstMinute[0]!.bytes)} at the start), ${mb(last.bytes)} at the end (peak ${mb(peak)}); after the first minute it grew ${mb(last.bytes - endOfFirst.bytes)}, a trend of ${mb(slope * 60)} a minute`,
  );
  figure(`${prefix} ${measure} growth after the first minute`, (last.bytes - endOfFirst.bytes) / 1e6, 'MB');
  figure(`${prefix} ${measure} trend per minute after the first`, (slope * 60) / 1e6, 'MB');
}
