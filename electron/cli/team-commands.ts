// `tidemark serve`, `tidemark users …` and `tidemark projects …`: a team server and its
// administration from the command line of the machine it runs on (the data folder is the authority:
// whoever can run these there is its operator).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { roles, type Role } from '../../shared/domain';
import { formatProblem } from '../../shared/formats/problems';
import { personName } from '../../shared/review/types';
import { CSRF_COOKIE, teamMeSchema, teamProjectName, teamResultSchema } from '../../shared/team';
import { startTeamServer } from '../server/team-server';
import { defaultDataDir } from '../services/data-dir';
import { exportTidemarkJsonl, importTidemarkJsonl } from '../services/exchange/tidemark-jsonl';
import { createHandlers } from '../services/handlers';
import { Project, PROJECT_EXTENSION } from '../services/projects/project';
import { openTeamData, rememberServerUrl, serverUrlOf } from '../services/team/data';
import { UsageError, type CliIo } from './common';

const DATA_DIR_HELP = `--data-dir DIR   the server's data folder: accounts.sqlite and projects/*.tidemark
                 (default: <Tidemark's data folder>/team-server; also TIDEMARK_TEAM_DIR)
--database URL   postgres://… : accounts, sessions, the audit log and every project's data on
                 PostgreSQL (a schema per project), shared by several server processes on one
                 data folder (also TIDEMARK_DATABASE)`;

export const TEAM_HELP: Record<string, string> = {
  serve: `Usage: tidemark serve [--data-dir DIR] [--media-root DIR] [--listen HOST:PORT] [--tls-cert F --tls-key F] [--public-url URL] [--insecure-http] [--trust-proxy]

Serves Tidemark to a team: each person signs in with their account, works in the projects they are
a member of, in the roles they hold there. Projects are Tidemark project files in the data folder,
or with --database schemas on PostgreSQL.
${DATA_DIR_HELP}
--media-root DIR the only folder whose files calls may name (videos, benchmark and run files)
--listen         where to listen (default 127.0.0.1:8741); an address other than loopback needs
                 --tls-cert and --tls-key, or --insecure-http (behind a reverse proxy that does TLS)
--public-url     the address people use, if not the listening one (behind a reverse proxy:
                 https://tidemark.example.org): invitation links and the checked Host/Origin;
                 needed whenever people reach it by another name than --listen's
--trust-proxy    behind a reverse proxy: the sign-in limits count the client's address as the
                 last X-Forwarded-For entry (else every sign-in comes from the proxy)
`,
  users: `Usage: tidemark users add NAME [--email E] [--project P --roles lead,annotator,…]
       tidemark users reset NAME     (clears the password, ends their sessions, prints a new link)
       tidemark users revoke NAME    (signs them out everywhere)
       tidemark users list
${DATA_DIR_HELP}
--url URL        the server's address for the links (default: the one \`serve\` last printed)

"add" prints a one-time invitation link (valid 7 days) with which the person sets their password.`,
  push: `Usage: tidemark push FILE.tidemark --server URL --project NAME --user NAME

Brings a local project into a team project, lossless (people, guideline versions, videos, marks,
questions, reviews, rounds, adjudications, runs, drafts), in one transaction: all of it or nothing; rows
the team project has already are skipped. Needs a lead of the team project; the password comes from
TIDEMARK_PASSWORD.`,
  pull: `Usage: tidemark pull --server URL --project NAME --user NAME --out FILE.tidemark

Makes a new local project file from a team project, lossless (for working offline, or a backup).
Needs a lead of the team project; the password comes from TIDEMARK_PASSWORD.`,
  projects: `Usage: tidemark projects add NAME [--lead PERSON]
       tidemark projects list
       tidemark projects members NAME
       tidemark projects roles NAME PERSON lead,annotator,…   (none: "" removes them)
${DATA_DIR_HELP}`,
};

const COMMON = { 'data-dir': { type: 'string' }, database: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;
/** PostgreSQL's address, if the server keeps its data there (also TIDEMARK_DATABASE). */
const databaseOf = (given: string | undefined, env: NodeJS.ProcessEnv): { database?: string } => {
  const url = given ?? env.TIDEMARK_DATABASE;
  if (url !== undefined && !/^postgres(ql)?:\/\//.test(url)) throw new UsageError('--database: a postgres:// or postgresql:// address.');
  return url ? { database: url } : {};
};
const dataDirOf = (given: string | undefined, env: NodeJS.ProcessEnv): string => resolve(given ?? env.TIDEMARK_TEAM_DIR ?? join(defaultDataDir(env), 'team-server'));
const version = (env: NodeJS.ProcessEnv): string => env.TIDEMARK_VERSION ?? 'dev';

function rolesFrom(text: string | undefined): Role[] {
  if (text === undefined || text.trim() === '') return [];
  const parsed = z.array(z.enum(roles)).safeParse(text.split(',').map((r) => r.trim()));
  if (!parsed.success) throw new UsageError(`--roles: each of ${roles.join(', ')}, separated by commas (got "${text}").`);
  return parsed.data;
}

function nameFrom(text: string | undefined, what = 'NAME'): string {
  const parsed = personName.safeParse(text ?? '');
  if (!parsed.success) throw new UsageError(`${what}: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

function listenFrom(text: string): { host: string; port: number } {
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(text);
  if (!match) throw new UsageError(`--listen: HOST:PORT (got "${text}").`);
  const port = Number(match[3]);
  if (port > 65535) throw new UsageError(`--listen: a port is at most 65535.`);
  return { host: match[1] ?? match[2]!, port };
}

async function serve(args: string[], io: CliIo, env: NodeJS.ProcessEnv): Promise<number> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      ...COMMON,
      'media-root': { type: 'string' },
      listen: { type: 'string' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      'public-url': { type: 'string' },
      'insecure-http': { type: 'boolean' },
      'trust-proxy': { type: 'boolean' },
    },
  });
  if (values.help) return (io.out(TEAM_HELP.serve!), 0);
  const listen = listenFrom(values.listen ?? '127.0.0.1:8741');
  if (Boolean(values['tls-cert']) !== Boolean(values['tls-key'])) throw new UsageError('--tls-cert and --tls-key go together.');
  const tls = values['tls-cert'] ? { cert: readFileSync(values['tls-cert']), key: readFileSync(values['tls-key']!) } : undefined;
  if (!tls && !LOOPBACK.has(listen.host) && !values['insecure-http']) {
    throw new UsageError(
      `Refusing to serve ${listen.host} without TLS: passwords and sessions would cross the network in clear. Give --tls-cert and --tls-key, or --insecure-http behind a reverse proxy that does TLS.`,
    );
  }
  const publicUrl = values['public-url'];
  if (publicUrl !== undefined && !/^https?:\/\/[^/]+\/?$/.test(publicUrl)) throw new UsageError('--public-url: scheme and host only, e.g. https://tidemark.example.org');
  const dataDir = dataDirOf(values['data-dir'], env);
  let url = '';
  const data = await openTeamData(dataDir, { version: version(env), publicUrl: () => url, ...databaseOf(values.database, env) });
  const here = dirname(fileURLToPath(import.meta.url));
  const server = await startTeamServer({
    host: data.host,
    accounts: data.accounts,
    handlers: createHandlers(),
    staticDir: join(here, '..', 'renderer'),
    listen,
    ...(tls ? { tls } : {}),
    ...(publicUrl ? { publicUrl } : {}),
    ...(values['media-root'] ? { mediaRoot: resolve(values['media-root']) } : {}),
    ...(values['trust-proxy'] ? { trustProxy: true } : {}),
  });
  url = server.url;
  rememberServerUrl(dataDir, url);
  const projects = await data.accounts.store.projects();
  io.out(`Tidemark team server on ${url} — data folder ${dataDir}, ${projects.length} project${projects.length === 1 ? '' : 's'}.`);
  if (projects.length === 0) io.out(`Start with: tidemark projects add NAME --lead YOU --data-dir ${dataDir}, then tidemark users add YOU … (it prints your invitation link).`);
  await new Promise<void>((done) => {
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
  await server.close();
  await data.close();
  return 0;
}

async function users(args: string[], io: CliIo, env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: { ...COMMON, email: { type: 'string' }, project: { type: 'string' }, roles: { type: 'string' }, url: { type: 'string' } },
  });
  if (values.help) return (io.out(TEAM_HELP.users!), 0);
  const [step, name] = positionals;
  const dataDir = dataDirOf(values['data-dir'], env);
  const url = values.url ?? serverUrlOf(dataDir);
  const data = await openTeamData(dataDir, {
    version: version(env),
    ...databaseOf(values.database, env),
    publicUrl: () => {
      if (!url) throw new UsageError('No server address known for the link: start `tidemark serve` once, or give --url.');
      return url.replace(/\/+$/, '');
    },
  });
  try {
    switch (step) {
      case 'add': {
        const given = rolesFrom(values.roles);
        if (given.length > 0 && !values.project) throw new UsageError('--roles go with --project.');
        if (values.project && !(await data.accounts.store.projects()).some((p) => p.name === values.project)) throw new Error(`No project ${values.project} on this server (tidemark projects list).`);
        const invitation = await data.accounts.addAccount(nameFrom(name), { email: values.email ?? null });
        if (values.project) await data.host.setRoles(values.project, invitation.name, given.length ? given : ['annotator'], invitation.name);
        io.out(`Invitation for ${invitation.name} (valid until ${invitation.expiresAt}):\n${invitation.link}`);
        return 0;
      }
      case 'reset': {
        const invitation = await data.accounts.resetPassword(nameFrom(name));
        io.out(`${invitation.name}'s password is cleared and their sessions ended. New link (valid until ${invitation.expiresAt}):\n${invitation.link}`);
        return 0;
      }
      case 'revoke':
        io.out(`${nameFrom(name)}: ${await data.accounts.revoke(nameFrom(name))} session(s) ended.`);
        return 0;
      case 'list':
        for (const a of await data.accounts.store.accounts()) {
          const memberships = await data.accounts.store.membershipsOf(a.name);
          io.out(`${a.name}${a.email ? ` <${a.email}>` : ''} — ${a.passwordHash ? 'active' : 'invited'}; ${memberships.map((m) => `${m.project}: ${m.roles.join(', ')}`).join('; ') || 'no projects'}`);
        }
        return 0;
    }
    throw new UsageError(`users: add, reset, revoke or list (got "${step ?? ''}").`);
  } finally {
    await data.close();
  }
}

async function projects(args: string[], io: CliIo, env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseArgs({ args, strict: true, allowPositionals: true, options: { ...COMMON, lead: { type: 'string' } } });
  if (values.help) return (io.out(TEAM_HELP.projects!), 0);
  const [step, name, person, roleList] = positionals;
  const data = await openTeamData(dataDirOf(values['data-dir'], env), { version: version(env), publicUrl: () => '', ...databaseOf(values.database, env) });
  try {
    switch (step) {
      case 'add':
        if (!name) throw new UsageError('projects add needs NAME.');
        await data.host.create(name, values.lead === undefined ? undefined : nameFrom(values.lead, '--lead'));
        io.out(`Project ${name} added${values.lead ? `, ${values.lead} its lead` : ''}: ${data.host.pathOf(name)}`);
        return 0;
      case 'list':
        for (const p of await data.accounts.store.projects()) io.out(`${p.name} (${(await data.accounts.store.members(p.name)).length} members) — ${data.host.pathOf(p.name)}`);
        return 0;
      case 'members':
        for (const m of await data.accounts.members(name ?? '')) io.out(`${m.name}: ${m.roles.join(', ')}${m.active ? '' : ' (invited)'}`);
        return 0;
      case 'roles':
        if (!name || !person || roleList === undefined) throw new UsageError('projects roles needs NAME PERSON ROLES.');
        await data.host.setRoles(name, nameFrom(person, 'PERSON'), rolesFrom(roleList), nameFrom(person, 'PERSON'));
        io.out(`${person} in ${name}: ${rolesFrom(roleList).join(', ') || 'removed'}`);
        return 0;
    }
    throw new UsageError(`projects: add, list, members or roles (got "${step ?? ''}").`);
  } finally {
    await data.close();
  }
}

/** Runs `work` signed in to a team server as `user` (the password from TIDEMARK_PASSWORD), and signs out after. */
async function signedIn<T>(server: string, user: string, env: NodeJS.ProcessEnv, work: (headers: Record<string, string>) => Promise<T>): Promise<T> {
  const { headers } = await signInTo(server, user, env);
  try {
    return await work(headers);
  } finally {
    await fetch(`${server}/team/logout`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' }).catch(() => undefined);
  }
}

/** Signs in to a team server as `user`: the session's cookie and CSRF token. */
async function signInTo(server: string, user: string, env: NodeJS.ProcessEnv): Promise<{ headers: Record<string, string> }> {
  const password = env.TIDEMARK_PASSWORD;
  if (!password) throw new UsageError('Set TIDEMARK_PASSWORD to your password on the team server (it is never taken on the command line, where others could read it).');
  const response = await fetch(`${server}/team/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: user, password }) });
  const answer = teamResultSchema(teamMeSchema).safeParse(await response.json().catch(() => null));
  if (!answer.success || !answer.data.ok) throw new Error(`${server} refused the sign-in as ${user}: ${answer.success && !answer.data.ok ? answer.data.error.message : `answered ${response.status}`}`);
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const csrf = cookies.find((c) => c.startsWith(`${CSRF_COOKIE}=`))?.slice(CSRF_COOKIE.length + 1) ?? '';
  return { headers: { cookie: cookies.join('; '), 'x-csrf-token': csrf } };
}

const TRANSFER = { server: { type: 'string' }, project: { type: 'string' }, user: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

function transferTarget(values: { server?: string; project?: string; user?: string }): { server: string; project: string; user: string } {
  if (!values.server || !/^https?:\/\/[^/]+\/?$/.test(values.server)) throw new UsageError('--server: the team server’s address, e.g. https://tidemark.example.org');
  const host = new URL(values.server).hostname;
  if (values.server.startsWith('http:') && !['127.0.0.1', 'localhost', '[::1]'].includes(host))
    throw new UsageError(`--server: ${values.server} is plain http to another machine: your password would cross the network in clear (use https).`);
  if (!values.project || !teamProjectName.safeParse(values.project).success) throw new UsageError('--project: the project’s name on the server.');
  return { server: values.server.replace(/\/+$/, ''), project: values.project, user: nameFrom(values.user, '--user') };
}

const pushOutcomeSchema = z.object({
  rows: z.number(),
  imported: z.number(),
  alreadyPresent: z.number(),
  refused: z.boolean(),
  problems: z.array(z.object({ line: z.number(), field: z.string(), reason: z.string() }).passthrough()),
});

/** `tidemark push FILE`: a local project into a team project (lossless; all of it or nothing). */
async function push(args: string[], io: CliIo, env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseArgs({ args, strict: true, allowPositionals: true, options: TRANSFER });
  if (values.help) return (io.out(TEAM_HELP.push!), 0);
  const file = positionals[0];
  if (!file) throw new UsageError('push needs the project file.');
  const target = transferTarget(values);
  const local = await Project.open(resolve(file), { create: false, readOnly: true });
  let text: string;
  try {
    text = (await exportTidemarkJsonl(local, { person: target.user, role: 'lead' })).parts.join('');
  } finally {
    await local.close();
  }
  const { response, answer } = await signedIn(target.server, target.user, env, async (headers) => {
    const response = await fetch(`${target.server}/team/projects/${target.project}/push`, { method: 'POST', headers: { ...headers, 'content-type': 'application/x-ndjson' }, body: text });
    return { response, answer: teamResultSchema(pushOutcomeSchema).safeParse(await response.json().catch(() => null)) };
  });
  if (!answer.success) throw new Error(`${target.server} answered ${response.status} without a result.`);
  if (!answer.data.ok) throw new Error(answer.data.error.message);
  const outcome = answer.data.value;
  for (const p of outcome.problems) io.err(`${file}:${p.line}:${p.field}: ${p.reason}`);
  if (outcome.refused) {
    io.err(`Refused: nothing was written to ${target.project}.`);
    return 1;
  }
  io.out(`Pushed ${file} into ${target.project}: ${outcome.imported} rows imported, ${outcome.alreadyPresent} already there.`);
  return 0;
}

/** `tidemark pull`: a team project as a local project file (lossless). */
async function pull(args: string[], io: CliIo, env: NodeJS.ProcessEnv): Promise<number> {
  const { values } = parseArgs({ args, strict: true, options: TRANSFER });
  if (values.help) return (io.out(TEAM_HELP.pull!), 0);
  const target = transferTarget(values);
  if (!values.out) throw new UsageError('pull needs --out FILE.tidemark.');
  const out = resolve(values.out.endsWith(PROJECT_EXTENSION) ? values.out : `${values.out}${PROJECT_EXTENSION}`);
  if (existsSync(out)) throw new Error(`${out} already exists: pull makes a new project file.`);
  const text = await signedIn(target.server, target.user, env, async (headers) => {
    const response = await fetch(`${target.server}/team/projects/${target.project}/pull`, { headers });
    if (response.status !== 200) {
      const answer = teamResultSchema(z.unknown()).safeParse(await response.json().catch(() => null));
      throw new Error(answer.success && !answer.data.ok ? answer.data.error.message : `${target.server} answered ${response.status}.`);
    }
    return response.text();
  });
  const project = await Project.open(out, { create: true, name: target.project });
  let outcome: Awaited<ReturnType<typeof importTidemarkJsonl>>;
  try {
    outcome = await importTidemarkJsonl(project, { person: target.user, role: 'lead' }, `${target.project}.jsonl`, { text });
  } finally {
    await project.close();
  }
  if (outcome.refused) {
    for (const p of outcome.problems) io.err(formatProblem(p));
    rmSync(out, { force: true });
    io.err('Refused: no project file was made.');
    return 1;
  }
  io.out(`Pulled ${target.project} into ${out}: ${outcome.imported} rows.`);
  return 0;
}

export const TEAM_COMMANDS: Record<string, (args: string[], io: CliIo, env: NodeJS.ProcessEnv) => Promise<number>> = { serve, users, projects, push, pull };
