// `tidemark draft` and `tidemark probe`: drafting runs without the GUI. They use the endpoint in the
// drafting settings (--base-url, --model and --concurrency change it for one run, settings.json is
// left as it is) and the key browser mode uses: OPENAI_API_KEY, else the owner-only key file. The key
// is never printed. The estimate comes first (--dry-run stops there); progress goes to stderr; Ctrl-C
// stops a run and keeps what was drafted.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { Video } from '../../shared/domain';
import type { DraftKind } from '../../shared/drafting/drafts';
import { endpointSettingsSchema } from '../../shared/drafting/endpoint';
import { shortcutRate } from '../../shared/drafting/probe-answers';
import { draftRunSchema, probeRunSchema, type DraftEstimate, type DraftOutcome, type DraftRun, type DraftWhat, type ProbeRun } from '../../shared/drafting/runs';
import { plural } from '../../shared/plural';
import type { Profile } from '../../shared/profiles';
import { runItemIds } from '../../shared/runs/item-ids';
import { AppServices } from '../services/app-services';
import { currentKey } from '../services/drafting/keys';
import { probeItems } from '../services/drafting/probe';
import { estimateProbe, estimateRun, runDraft, runProbe, type EndpointOverrides } from '../services/drafting/runs';
import type { JobControl } from '../services/jobs/registry';
import type { Project } from '../services/projects/project';
import { listVideos, videoOf } from '../services/videos/library';
import { profileNamed, requireFile, UsageError, WHO_HELP, WHO_OPTIONS, whoFrom, withProject, type CliIo, type Who } from './common';

const ENDPOINT_HELP = `  --budget USD        stop before a request that would take the estimated spending past this
  --base-url URL, --model NAME, --concurrency N
                      this run only (settings.json is not changed)
  --dry-run           print the estimate and send nothing
  --json              print one JSON object: {"run", "estimate", "outcome"} (outcome null on a dry run;
                      a draft's also has "failures": each reason a request failed, with its count)

The endpoint is the one in the app's drafting settings. The key comes from OPENAI_API_KEY, else the
key file in the data folder (readable by its owner only); a key entered in the desktop app is
encrypted for the app and not seen here. The key is never printed. Prices for the estimate are the
settings' own. Exit codes: 0 done, 1 some requests failed or the budget stopped the run, 2 usage
error, 130 stopped with Ctrl-C.

${WHO_HELP}`;

export const DRAFT_HELP = {
  draft: `Usage: tidemark draft --project <file.tidemark> --video <name|id> --what captions|events|questions [options]

Drafts with a model: prints the estimate (requests, frames, tokens, dollars, what is skipped), then
runs with progress on stderr and prints what it did. Ctrl-C stops it; what was drafted is kept, and
a run started again resumes past it. Drafts wait in the project for a person to accept, edit or
reject them. Each request is causal: frames at or before the second it is about, never later.

  --what captions     a caption per second for a VSAS task
    --task T          the task: a question's id or its benchmark id (a VSAS task_id), or the exact
                      text of a VSAS question on the video
    --with-previous   in order, each request with the previous caption
  --what events       event candidates (or repetitions with --mark cycle)
    --target TEXT     what to find, in words ("each time a person enters")
    --mark event|cycle, --step S   look S seconds at a time (default 10)
  --what questions    candidate questions, each checked at its cutoff
    --profile P       a profile id, built-in kind (phostream, ovo-s-bench, …) or name (ovo-bench, …)
    --segment S, --per-segment N   segments of S seconds (default 30), N questions each (default 2)

  --from S, --to S    the window in seconds (default the whole video)
  --policy sw|u|sw+u, --k N   the frames a request carries (default sw+u, 42)
  --height PX         the frames' height (default 360)
${ENDPOINT_HELP}`,
  probe: `Usage: tidemark probe --project <file.tidemark> [--profile <id|kind>] [--repeats N] [options]

The text-only shortcut probe: each question with one answer to compare (choice, yes/no, number) is
asked N times (default 5) with no video at all. One answered right at least half the time is flagged
"answerable without video" (a lint in the app) and listed here.

  --profile P         a profile id, built-in kind or name (ovo-bench, …) (default: every profile)
${ENDPOINT_HELP}
Questions flagged also exit 1.`,
};

const text = { type: 'string' } as const;
const flag = { type: 'boolean' } as const;
const RUN_OPTIONS = {
  project: text,
  profile: text,
  budget: text,
  'base-url': text,
  model: text,
  concurrency: text,
  'dry-run': flag,
  json: flag,
  ...WHO_OPTIONS,
  help: { type: 'boolean', short: 'h' },
} as const;
const DRAFT_OPTIONS = {
  ...RUN_OPTIONS,
  video: text,
  what: text,
  task: text,
  target: text,
  mark: text,
  from: text,
  to: text,
  policy: text,
  k: text,
  height: text,
  step: text,
  segment: text,
  'per-segment': text,
  'with-previous': flag,
} as const;
const PROBE_OPTIONS = { ...RUN_OPTIONS, repeats: text } as const;
type Values = Partial<Record<string, string | boolean>>;

const WHATS: readonly DraftWhat[] = ['captions', 'events', 'questions'];
/** Flags for one kind of draft only. */
const ONLY_FOR: Partial<Record<keyof typeof DRAFT_OPTIONS, DraftWhat>> = {
  task: 'captions',
  'with-previous': 'captions',
  target: 'events',
  mark: 'events',
  step: 'events',
  profile: 'questions',
  segment: 'questions',
  'per-segment': 'questions',
};
/** The flag each field of a run (or of the endpoint) comes from, to name it in an error. */
const FLAG_OF: Record<string, string> = {
  from: 'from',
  to: 'to',
  policy: 'policy',
  k: 'k',
  height: 'height',
  budgetUsd: 'budget',
  target: 'target',
  mark: 'mark',
  stepSeconds: 'step',
  profileId: 'profile',
  segmentSeconds: 'segment',
  perSegment: 'per-segment',
  repeats: 'repeats',
  baseURL: 'base-url',
  model: 'model',
  concurrency: 'concurrency',
};
/** What a run's "skipped" counts. */
const SKIPPED: Record<DraftWhat | 'probe', [string, string]> = {
  captions: ['second', 'seconds'],
  events: ['stretch', 'stretches'],
  questions: ['segment', 'segments'],
  probe: ['question', 'questions'],
};
const DRAFT_KIND: Record<DraftWhat, DraftKind> = { captions: 'caption', events: 'event', questions: 'question' };

/** A number as written on a command line: digits with an optional sign and point ("1e3", "0x10", "" are refused). */
const numeral = z
  .string()
  .trim()
  .regex(/^[+-]?(\d+\.?\d*|\.\d+)$/)
  .transform(Number);

function numberFlag(values: Values, name: string): number | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  const parsed = numeral.safeParse(value);
  if (!parsed.success) throw new UsageError(`--${name} takes a number, not "${String(value)}".`);
  return parsed.data;
}

/** The contract's own schema decides; its first objection names the flag it is about. */
function parseFlags<T>(schema: z.ZodType<T>, input: Record<string, unknown>, values: Values): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const name = FLAG_OF[String(issue.path[0])];
  if (!name) throw new UsageError(`${issue.path.join('.') || 'run'}: ${issue.message}.`);
  throw new UsageError(`--${name}: ${issue.message}${values[name] === undefined ? '' : ` (got ${String(values[name])})`}.`);
}

/** --base-url, --model, --concurrency as given (and only those given), checked as the settings are. */
function endpointOverrides(values: Values): EndpointOverrides {
  const given = Object.fromEntries(Object.entries({ baseURL: values['base-url'], model: values.model, concurrency: numberFlag(values, 'concurrency') }).filter(([, v]) => v !== undefined));
  const parsed = parseFlags(endpointSettingsSchema.pick({ baseURL: true, model: true, concurrency: true }), given, values);
  return Object.fromEntries(Object.keys(given).map((key) => [key, parsed[key as keyof typeof parsed]]));
}

function required(values: Values, name: string, command: string, what = ''): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`${command} needs --${name}${what}.`);
  return value;
}

/** The services a run needs (settings, ffmpeg, the key store) for the data folder the command uses (--data-dir); no project is opened in them. */
export const cliServices = (env: NodeJS.ProcessEnv, who: Who): AppServices => new AppServices({ dataDir: who.dataDir, mode: 'browser', version: 'cli', env });

async function findVideo(project: Project, nameOrId: string): Promise<Video> {
  const byId = await videoOf(project, nameOrId);
  if (byId) return byId;
  const videos = await listVideos(project);
  const named = videos.filter((v) => v.name === nameOrId);
  if (named.length === 1) return named[0]!;
  if (named.length > 1) throw new Error(`${named.length} videos are named ${nameOrId}; give one's id: ${named.map((v) => v.id).join(', ')}.`);
  const some = videos.slice(0, 20).map((v) => `${v.name} (${v.id})`);
  throw new Error(
    `No video "${nameOrId}" in this project. ${videos.length === 0 ? 'It has no videos.' : `Videos: ${some.join(', ')}${videos.length > some.length ? `, and ${videos.length - some.length} more` : ''}.`}`,
  );
}

async function findProfile(project: Project, idOrKind: string): Promise<Profile> {
  const profiles = await project.stores.profiles.list();
  const found = profileNamed(profiles, idOrKind);
  if (!found) throw new Error(`No profile "${idOrKind}" in this project. Profiles: ${profiles.map((p) => `${p.id} (${p.name})`).join(', ')}.`);
  return found;
}

/**
 * The caption task: a question of the video by its Tidemark id or its benchmark id (a VSAS `task_id`,
 * as the file or Tidemark gave it), else the one VSAS question on it with exactly this text.
 */
async function captionTask(project: Project, video: Video, task: string): Promise<string> {
  const questions = await project.stores.annotation.questionsOfVideo(video.id);
  if (questions.some((q) => q.id === task)) return task;
  const profiles = await project.stores.profiles.list();
  const kinds = new Map(profiles.map((p) => [p.id, p.kind]));
  const dense = new Set(profiles.filter((p) => p.rules.denseCaptions).map((p) => p.id));
  const vsas = questions.filter((q) => dense.has(q.profileId));
  const byBenchmarkId = vsas.filter((q) => runItemIds(q, kinds.get(q.profileId) ?? 'custom').benchmarkId === task);
  if (byBenchmarkId.length === 1) return byBenchmarkId[0]!.id;
  const matching = vsas.filter((q) => q.text === task);
  if (matching.length === 1) return matching[0]!.id;
  const listed = vsas.map((q) => `${q.id} "${q.text}"`).join('; ');
  if (matching.length > 1) throw new Error(`${matching.length} VSAS questions on ${video.name} read "${task}"; give one's id: ${matching.map((q) => q.id).join(', ')}.`);
  throw new Error(`No question "${task}" on ${video.name}. ${vsas.length === 0 ? 'It has no VSAS questions: add the caption task first.' : `Its VSAS questions: ${listed}.`}`);
}

const money = (usd: number): string => `$${usd.toFixed(usd >= 1 ? 2 : 4)}`;

function describeEstimate(e: DraftEstimate, skipped: [string, string], priced: boolean): string {
  return (
    `Estimate: ${plural(e.requests, 'request')}, ${plural(e.frames, 'frame')}, ${plural(e.inputTokens, 'input token')}, ${plural(e.outputTokens, 'output token')}, ` +
    `${money(e.costUsd)}${priced ? '' : ' (no prices in the drafting settings)'}; ${plural(e.skipped, ...skipped)} skipped (already done).`
  );
}

function describeOutcome(o: DraftOutcome, first: string): string[] {
  const lines = [`${first}; ${plural(o.requests, 'request')}, ${plural(o.inputTokens, 'input token')}, ${plural(o.outputTokens, 'output token')}, ${money(o.costUsd)}.`];
  if (o.stoppedAtBudget) lines.push('Stopped at the budget: run again with a larger --budget to go on.');
  if (o.cancelled) lines.push('Cancelled: what was drafted is kept; run again to go on.');
  return lines;
}

/** Progress on stderr at each tenth of each phase (frames extracted, then requests answered). */
function progressByTenths(io: CliIo, signal: AbortSignal): JobControl {
  let phase = '';
  let shown = -1;
  return {
    signal,
    progress: (fraction, message) => {
      if (!message) return;
      const kind = message.replace(/\d+/g, '#');
      if (kind !== phase) [phase, shown] = [kind, -1];
      const tenth = fraction === null ? 0 : Math.floor(fraction * 10 + 1e-9);
      if (tenth <= shown) return;
      shown = tenth;
      io.err(fraction === null ? message : `${Math.round(fraction * 100)}% ${message}`);
    },
  };
}

/** Runs `work` with a signal the first Ctrl-C aborts (a second one quits at once, as usual). */
async function stoppableByCtrlC<T>(io: CliIo, work: (control: JobControl) => Promise<T>): Promise<T> {
  const abort = new AbortController();
  const stop = (): void => {
    io.err('Stopping: requests in flight are cancelled, what was drafted is kept (Ctrl-C again quits at once).');
    abort.abort();
  };
  process.once('SIGINT', stop);
  try {
    return await work(progressByTenths(io, abort.signal));
  } finally {
    process.off('SIGINT', stop);
  }
}

/** Where requests go, for stderr: the host, model and how the key was found (never the key). */
function describeEndpoint(app: AppServices, overrides: EndpointOverrides, env: NodeJS.ProcessEnv, inOrder: boolean): string {
  const settings = { ...app.settings.get().drafting, ...overrides };
  const { where } = currentKey(env, app.keys);
  const key = where === null ? `no API key (set OPENAI_API_KEY, or keep one in ${app.keys.where})` : `the key from ${where}`;
  return `Sending to ${new URL(settings.baseURL).host}, model ${settings.model}, ${inOrder ? 'one at a time (--with-previous)' : `concurrency ${settings.concurrency}`}, with ${key}.`;
}

interface Session {
  app: AppServices;
  who: Who;
  io: CliIo;
  env: NodeJS.ProcessEnv;
  values: Values;
  overrides: EndpointOverrides;
}

interface Done {
  first: string;
  listed?: string[];
  notes?: string[];
  extra?: Record<string, unknown>;
  problems?: number;
}

interface Planned<R> {
  run: R;
  estimate: DraftEstimate;
  skipped: [string, string];
  work: (control: JobControl) => Promise<DraftOutcome>;
  /** After the run: the result's first words and lines listed after it, notes for stderr, what JSON adds, and the problems found. */
  done: (outcome: DraftOutcome, since: string) => Done | Promise<Done>;
}

/** The estimate; then, unless a dry run, the run and what it did. */
async function estimateThenRun<R>(s: Session, planned: Planned<R>): Promise<number> {
  const { io, values } = s;
  const prices = s.app.settings.get().drafting;
  if (!values.json) io.out(describeEstimate(planned.estimate, planned.skipped, prices.priceInputPerMillion > 0 || prices.priceOutputPerMillion > 0));
  if (values['dry-run']) {
    if (values.json) io.out(JSON.stringify({ run: planned.run, estimate: planned.estimate, outcome: null }));
    return 0;
  }
  io.err(describeEndpoint(s.app, s.overrides, s.env, s.values['with-previous'] === true));
  const since = new Date().toISOString();
  const outcome = await stoppableByCtrlC(io, planned.work);
  const { first, listed = [], notes = [], extra, problems = 0 } = await planned.done(outcome, since);
  for (const note of notes) io.err(note);
  if (values.json) io.out(JSON.stringify({ run: planned.run, estimate: planned.estimate, outcome, ...extra }));
  else for (const line of [...describeOutcome(outcome, first), ...listed]) io.out(line);
  if (outcome.cancelled) return 130;
  return outcome.failed > 0 || outcome.stoppedAtBudget || problems > 0 ? 1 : 0;
}

/** Why drafts of this run failed, each reason once with its count (in the order of the video). */
async function failuresOf(project: Project, run: DraftRun, since: string): Promise<Array<{ reason: string; count: number }>> {
  const counts = new Map<string, number>();
  for (const d of await project.stores.drafting.ofTarget(run.videoId, DRAFT_KIND[run.what], run.what === 'questions' ? run.profileId : run.target)) {
    if (d.status === 'failed' && d.createdAt >= since) counts.set(d.provenance.error ?? 'failed', (counts.get(d.provenance.error ?? 'failed') ?? 0) + 1);
  }
  return [...counts].map(([reason, count]) => ({ reason, count }));
}

/** The failures for stderr: the first five reasons (a run against a wrong server fails the same way each time). */
function failureNotes(failures: ReadonlyArray<{ reason: string; count: number }>): string[] {
  const reasons = failures.slice(0, 5).map(({ reason, count }) => `failed: ${count} × ${reason}`);
  return failures.length > 5 ? [...reasons, `failed: and ${failures.length - 5} other reasons`] : reasons;
}

/** Parses the flags both commands share, before any project is opened. */
function startSession(command: string, values: Values, io: CliIo, env: NodeJS.ProcessEnv): { session: Session; path: string; budgetUsd: number | undefined } {
  const path = resolve(required(values, 'project', command));
  const overrides = endpointOverrides(values);
  const budgetUsd = numberFlag(values, 'budget');
  requireFile(path);
  const who = whoFrom(values, env);
  return { session: { app: cliServices(env, who), who, io, env, values, overrides }, path, budgetUsd };
}

async function draftCommand(args: string[], io: CliIo, env: NodeJS.ProcessEnv): Promise<number> {
  const { values } = parseArgs({ args, options: DRAFT_OPTIONS, strict: true, allowPositionals: false });
  if (values.help) {
    io.out(DRAFT_HELP.draft);
    return 0;
  }
  const what = values.what as DraftWhat | undefined;
  if (!what || !WHATS.includes(what)) throw new UsageError(`draft needs --what, one of ${WHATS.join(', ')}${what ? ` (not "${what}")` : ''}.`);
  for (const [name, only] of Object.entries(ONLY_FOR)) if (values[name as keyof typeof values] !== undefined && only !== what) throw new UsageError(`--${name} is for --what ${only}, not ${what}.`);
  const videoName = required(values, 'video', 'draft');
  const task = what === 'captions' ? required(values, 'task', 'draft --what captions', ": a VSAS question's id or exact text") : null;
  if (what === 'events') required(values, 'target', 'draft --what events', ': what to find, in words');
  if (what === 'questions') required(values, 'profile', 'draft --what questions', ': a profile id or kind');
  const numbers = {
    from: numberFlag(values, 'from'),
    to: numberFlag(values, 'to'),
    k: numberFlag(values, 'k'),
    height: numberFlag(values, 'height'),
    stepSeconds: numberFlag(values, 'step'),
    segmentSeconds: numberFlag(values, 'segment'),
    perSegment: numberFlag(values, 'per-segment'),
  };
  if (numbers.to !== undefined && numbers.to <= (numbers.from ?? 0)) throw new UsageError('--to must be after --from.');
  const { session, path, budgetUsd } = startSession('draft', values, io, env);
  const { app } = session;
  const { who } = session;
  return withProject(path, values['dry-run'] ? 'read' : 'write', { who, method: values['dry-run'] ? 'drafting.estimate' : 'drafting.start' }, async (project, caller) => {
    const video = await findVideo(project, videoName);
    const input = {
      what,
      videoId: video.id,
      ...numbers,
      budgetUsd,
      policy: values.policy,
      ...(what === 'captions' ? { target: await captionTask(project, video, task!), withPrevious: values['with-previous'] ?? false } : {}),
      ...(what === 'events' ? { target: values.target, mark: values.mark } : {}),
      ...(what === 'questions' ? { profileId: (await findProfile(project, values.profile!)).id } : {}),
    };
    const run = parseFlags(draftRunSchema, input, values);
    return estimateThenRun(session, {
      run,
      estimate: await estimateRun(app, run, project),
      skipped: SKIPPED[what],
      work: (control) => runDraft(app, project, caller, run, control, session.overrides),
      done: async (o, since) => {
        const failures = await failuresOf(project, run, since);
        return {
          first: `Drafted ${o.drafted}, failed ${o.failed}, skipped ${o.skipped}${what === 'questions' ? `, flagged ${o.flagged} by the cutoff check` : ''}`,
          notes: failureNotes(failures),
          extra: { failures },
        };
      },
    });
  });
}

/** The questions this probe flagged "answerable without video". */
async function flaggedBy(project: Project, run: ProbeRun, since: string): Promise<Array<{ questionId: string; text: string; correct: number; repeats: number }>> {
  // the items as the probe left them (their checks read anew)
  return (await probeItems(project, run)).items.flatMap(({ question }) => {
    const checks = question.modelChecks;
    const probe = checks?.textOnly;
    return probe && probe.at >= since && shortcutRate(checks) !== null ? [{ questionId: question.id, text: question.text, correct: probe.correct, repeats: probe.repeats }] : [];
  });
}

async function probeCommand(args: string[], io: CliIo, env: NodeJS.ProcessEnv): Promise<number> {
  const { values } = parseArgs({ args, options: PROBE_OPTIONS, strict: true, allowPositionals: false });
  if (values.help) {
    io.out(DRAFT_HELP.probe);
    return 0;
  }
  const repeats = numberFlag(values, 'repeats');
  const { session, path, budgetUsd } = startSession('probe', values, io, env);
  const { app } = session;
  const { who } = session;
  return withProject(path, values['dry-run'] ? 'read' : 'write', { who, method: values['dry-run'] ? 'drafting.probeEstimate' : 'drafting.probe' }, async (project, caller) => {
    const profileId = values.profile ? (await findProfile(project, values.profile)).id : null;
    const run = parseFlags(probeRunSchema, { profileId, repeats, budgetUsd }, values);
    return estimateThenRun(session, {
      run,
      estimate: await estimateProbe(app, run, project),
      skipped: SKIPPED.probe,
      work: (control) => runProbe(app, project, caller, run, control, session.overrides),
      done: async (o, since) => {
        const flagged = await flaggedBy(project, run, since);
        return {
          first: `Probed ${plural(o.drafted, 'question')} (${plural(run.repeats, 'try', 'tries')} each), ${o.flagged} flagged "answerable without video", ${o.skipped} skipped`,
          listed: flagged.map((f) => `  ${f.questionId} "${f.text}": right in ${f.correct} of ${f.repeats} tries without video`),
          extra: { flagged },
          problems: flagged.length,
        };
      },
    });
  });
}

export const DRAFT_COMMANDS: Record<string, (args: string[], io: CliIo, env: NodeJS.ProcessEnv) => Promise<number>> = { draft: draftCommand, probe: probeCommand };
