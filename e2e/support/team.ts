// The team server for the e2e tests: `tidemark serve` and its users/projects commands run from the
// built CLI as the README says (on the embedded engine, or PostgreSQL with --database), an
// invitation accepted in a browser or over HTTP, and a person's session used from Node for setup.
import { expect, type Page } from '@playwright/test';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CSRF_COOKIE, teamResultSchema } from '../../shared/team';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = join(root, 'dist/cli/tidemark.mjs');

/** Where a team server keeps things: its data folder, and the PostgreSQL database (null: the embedded engine). */
export interface TeamPlace {
  dataDir: string;
  database: string | null;
}

const placeArgs = (place: TeamPlace): string[] => ['--data-dir', place.dataDir, ...(place.database ? ['--database', place.database] : [])];

/** Runs the `tidemark` CLI on the server's data folder (and database); its output. */
export function tidemarkCli(place: TeamPlace, ...args: string[]): string {
  return execFileSync(process.execPath, [cli, ...args, ...placeArgs(place)], { cwd: root, encoding: 'utf8' });
}

/** `tidemark users add NAME --project P --roles R`: the invitation link it printed. */
export function inviteWithCli(place: TeamPlace, url: string, name: string, project: string, roles: string): string {
  const printed = tidemarkCli(place, 'users', 'add', name, '--project', project, '--roles', roles);
  const link = new RegExp(`(${url}/invite\\?token=\\S+)`).exec(printed)?.[1];
  if (!link) throw new Error(`tidemark users add ${name} printed no invitation link for ${url}:\n${printed}`);
  return link;
}

export interface RunningTeamServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** `tidemark serve` on a free 127.0.0.1 port, as a child process: its address once it listens. */
export async function serveTeam(place: TeamPlace, options: { mediaRoot?: string } = {}): Promise<RunningTeamServer> {
  const args = [cli, 'serve', ...placeArgs(place), '--listen', '127.0.0.1:0', ...(options.mediaRoot ? ['--media-root', options.mediaRoot] : [])];
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`tidemark serve did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const printed = /(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (printed) {
        clearTimeout(timer);
        resolveUrl(printed);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`tidemark serve exited (${code}):\n${output}`)));
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill('SIGTERM');
    await exited;
  };
  return { url, process: child, stop };
}

/** Accepts an invitation in the browser (the page then lists the person's projects at /). */
export async function acceptInvitation(page: Page, link: string, name: string, password: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByTestId('invite-name')).toHaveText(name);
  await page.getByTestId('invite-password').fill(password);
  await page.getByTestId('invite-confirm').fill(password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${new URL(link).origin}/`);
  await expect(page.getByTestId('team-me')).toHaveText(`Signed in as ${name}`);
}

/** Signs the page's browser context in on /login, which then goes on to `next` (a path on the server). */
export async function signInOnPage(page: Page, url: string, name: string, password: string, next: string): Promise<void> {
  await page.goto(`${url}/login?next=${next}`);
  await page.getByTestId('login-name').fill(name);
  await page.getByTestId('login-password').fill(password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${url}${next}`);
}

/** A person's session used from Node, the cookies kept and sent back as a browser would (with the CSRF token). */
export interface TeamSession {
  name: string;
  /** A call of the project's API as this person; its value parsed by `schema`, or an error naming the call. */
  call<T>(project: string, method: string, body: unknown, schema: z.ZodType<T>): Promise<T>;
}

const meSchema = z.object({ name: z.string() });

/** Accepts an invitation over HTTP (POST /team/invitation): the person's password is set and this is their session. */
export async function acceptInvitationOverHttp(link: string, password: string): Promise<TeamSession> {
  const { origin, searchParams } = new URL(link);
  const token = searchParams.get('token');
  if (!token) throw new Error(`${link}: no token in the invitation link`);
  const response = await fetch(`${origin}/team/invitation`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, password }) });
  const answer = teamResultSchema(meSchema).parse(await response.json());
  if (!answer.ok) throw new Error(`accepting ${link}: HTTP ${response.status} ${answer.error.code}: ${answer.error.message}`);
  const cookies = new Map(
    response.headers.getSetCookie().map((line) => {
      const pair = line.split(';')[0]!;
      return [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const;
    }),
  );
  const csrf = cookies.get(CSRF_COOKIE);
  if (!csrf) throw new Error(`accepting ${link}: no ${CSRF_COOKIE} cookie in the answer`);
  const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return {
    name: answer.value.name,
    async call<T>(project: string, method: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
      const called = await fetch(`${origin}/p/${project}/api/${method}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf }, body: JSON.stringify(body) });
      const result = teamResultSchema(schema).safeParse(await called.json());
      if (!result.success) throw new Error(`${method} as ${answer.value.name}: HTTP ${called.status}, an answer that does not parse: ${result.error.message}`);
      if (!result.data.ok) throw new Error(`${method} as ${answer.value.name}: HTTP ${called.status} ${result.data.error.code}: ${result.data.error.message}`);
      return result.data.value as T;
    },
  };
}
