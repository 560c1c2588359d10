// What every `tidemark` command shares: where it writes, the usage error (exit 2), who it acts as
// (--as, --role; TIDEMARK_PASSPHRASE for a protected name) with which settings (--data-dir), and a
// project opened for one command.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { benchmarkOf } from '../../shared/benchmarks';
import type { ApiMethod } from '../../shared/api';
import type { Caller, Role } from '../../shared/domain';
import type { ProfileKind } from '../../shared/profiles';
import { personRoles } from '../../shared/review/types';
import { defaultDataDir } from '../services/data-dir';
import type { ProjectStores } from '../services/db/stores';
import { ServiceError } from '../services/errors';
import { Project } from '../services/projects/project';
import { checkCaller } from '../services/review/policy';
import { passphraseMatches } from '../services/session/passphrase';
import { SettingsStore } from '../services/settings/store';

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env?: NodeJS.ProcessEnv;
}

/** A mistake in the command line itself: printed with the command's help, exit 2. */
export class UsageError extends Error {}

/** A file the command reads: there, and not a folder (`what` names the kind of file it wants). */
export function requireFile(path: string, what = 'a file'): void {
  if (!existsSync(path)) throw new Error(`No file at ${path}.`);
  if (statSync(path).isDirectory()) throw new Error(`${path} is a folder, not ${what}.`);
}

/** Where a person who protects their name gives their passphrase (never on the command line, where others see it). */
export const PASSPHRASE_VARIABLE = 'TIDEMARK_PASSPHRASE';

/** The options every command takes (parseArgs form). */
export const WHO_OPTIONS = { as: { type: 'string' }, role: { type: 'string' }, 'data-dir': { type: 'string' } } as const;

export const WHO_HELP = `Options of every command that opens a project:
  --as NAME        act as this person of the project (Review → People), in one of their roles; every
                   call is checked as the app checks it: NAME must be one of the project's people, and
                   what they may do and see is what their role allows (a reviewer stays blind)
  --role ROLE      which of the person's roles to act in, when they have several (${personRoles.join(', ')})
  --data-dir DIR   the data folder with settings.json (who you are when --as is not given: the last
                   person who signed in there; the ffmpeg and drafting settings, the key file);
                   default: the app's own, or TIDEMARK_DATA_DIR
A person who protects their name with a passphrase in the project gives it in the environment
variable ${PASSPHRASE_VARIABLE}.`;

/** Who a command acts as, as its command line says: a name and a role (each optional), the passphrase its environment gives, and the settings to read. */
export interface Who {
  as: string | undefined;
  role: Role | undefined;
  dataDir: string;
  passphrase?: string | undefined;
}

export function whoFrom(values: { as?: string | boolean; role?: string | boolean; 'data-dir'?: string | boolean }, env: NodeJS.ProcessEnv): Who {
  const text = (name: 'as' | 'role' | 'data-dir'): string | undefined => {
    const value = values[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} needs a value.`);
    return value.trim();
  };
  const role = text('role');
  if (role !== undefined && !(personRoles as readonly string[]).includes(role)) throw new UsageError(`--role is one of ${personRoles.join(', ')} (not "${role}").`);
  const dataDir = text('data-dir');
  return { as: text('as'), role: role as Role | undefined, dataDir: dataDir ? resolve(dataDir) : defaultDataDir(env), passphrase: env[PASSPHRASE_VARIABLE] || undefined };
}

/** The settings of the data folder the command uses. */
export const settingsOf = (who: Who): SettingsStore => new SettingsStore(who.dataDir);

/**
 * The caller a command works as in this project: the person named by --as (who must be one of the
 * project's people, acting in one of their roles), else the last person who signed in on the data
 * folder's machine (in --role, if given). Either is then checked exactly as the app checks a call of
 * `method`: the role must be one the project gives the person, a blind person may not call what
 * would reveal answers, and a person who protects their name must give their passphrase.
 */
export async function callerFor(stores: ProjectStores, who: Who, method: ApiMethod): Promise<Caller> {
  const fromSettings = settingsOf(who).lastCaller();
  const caller = who.as === undefined ? { ...fromSettings, ...(who.role ? { role: who.role } : {}) } : { person: who.as, role: await roleOf(stores, who.as, who.role ?? null, fromSettings.role) };
  await checkCaller(method, stores, caller);
  await checkPassphrase(stores, caller.person, who.passphrase);
  return caller;
}

/** A name protected in the project is the caller's only with its passphrase, as signing in asks it. */
async function checkPassphrase(stores: ProjectStores, person: string, given: string | undefined): Promise<void> {
  const stored = await stores.review.passphraseOf(person);
  if (stored === null) return;
  if (given === undefined) throw new ServiceError('unauthenticated', `${person} protects their name with a passphrase in this project: give it in the environment variable ${PASSPHRASE_VARIABLE}.`);
  if (!(await passphraseMatches(stored, given))) throw new ServiceError('unauthenticated', `${PASSPHRASE_VARIABLE} is not ${person}'s passphrase in this project.`);
}

/** The role a person named by --as acts in: the one asked for, their only one, or the settings' one if it is theirs. */
async function roleOf(stores: ProjectStores, name: string, asked: Role | null, preferred: Role): Promise<Role> {
  const person = await stores.review.person(name);
  if (!person) {
    const people = await stores.review.people();
    const like = await stores.review.personLike(name);
    const listed =
      people.length === 0
        ? 'it lists nobody yet (a lead adds people in Review → People; without --as you work as the person in settings)'
        : `its people are ${people.map((p) => `${p.name} (${p.roles.join(', ')})`).join(', ')}`;
    throw new ServiceError('forbidden', `--as ${name}: ${name} is not one of this project's people${like ? ` (did you mean ${like.name}?)` : ''}; ${listed}.`);
  }
  const roles = person.roles as readonly Role[];
  if (asked !== null) {
    if (!roles.includes(asked)) throw new ServiceError('forbidden', `--role ${asked}: ${name} is listed in this project as ${roles.join(', ')}, not ${asked}.`);
    return asked;
  }
  if (roles.length === 1) return roles[0]!;
  if (roles.includes(preferred)) return preferred;
  throw new UsageError(`${name} is listed in this project as ${roles.join(', ')}: choose one with --role.`);
}

/**
 * Opens an existing project for one command (read-only unless it writes), works in it as the
 * caller --as / settings name (checked as a call of `method` would be), and closes it afterwards.
 */
export async function withProject<T>(path: string, mode: 'read' | 'write', access: { who: Who; method: ApiMethod }, work: (project: Project, caller: Caller) => T | Promise<T>): Promise<T> {
  const project = await Project.open(path, { create: false, readOnly: mode === 'read' });
  try {
    return await work(project, await callerFor(project.stores, access.who, access.method));
  } finally {
    await project.close();
  }
}

/** A name as a person may type it: "ovo-bench", "OVO-Bench" and "ovobench" are one name. */
const looseName = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The profile a --profile names: its id, its benchmark's id (`vcbench`, `ovo-s-bench`, `ovo-bench`,
 * `streamingbench` — the last two the custom profiles their files are imported into), or its name,
 * when one profile has it; null when none (or several) do.
 */
export function profileNamed<P extends { id: string; kind: ProfileKind; name: string; builtin: boolean }>(profiles: readonly P[], value: string): P | null {
  const exact = profiles.find((p) => p.id === value) ?? profiles.find((p) => p.builtin && p.kind === value);
  if (exact) return exact;
  // ("custom" names no benchmark: it is what a profile of none is)
  const ofBenchmark = value === 'custom' ? [] : profiles.filter((p) => benchmarkOf(p).id === value);
  if (ofBenchmark.length === 1) return ofBenchmark[0]!;
  const named = profiles.filter((p) => looseName(p.name) === looseName(value));
  return named.length === 1 ? named[0]! : null;
}
