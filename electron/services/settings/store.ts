// Settings and the recent-projects list: small JSON files in the data folder, parsed with zod and
// written atomically (temp file + rename) so a crash never leaves half a file. Who signed in last is
// recorded here by signing in (session/sign-in.ts) and by nothing else: no setting changes who you are.
import { existsSync, readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { roles, type Caller, type RecentProject, type Settings } from '../../../shared/domain';
import { localVideoFoldersSchema } from '../../../shared/contract/settings';
import { endpointSettingsSchema } from '../../../shared/drafting/endpoint';
import { describeZodIssue } from '../../../shared/zod-issue';
import { writeFileAtomic } from '../files/atomic-write';

const callerSchema = z.object({ person: z.string().trim().min(1).max(100), role: z.enum(roles) }).strict();

/** Files written before signing in existed named the person as `personName` and `role`. */
function withLastCaller(file: unknown): unknown {
  if (typeof file !== 'object' || file === null || 'lastCaller' in file) return file;
  const { personName, role, ...rest } = file as Record<string, unknown>;
  return personName === undefined && role === undefined ? file : { ...rest, lastCaller: { person: personName, role } };
}

const ffmpegSourceSchema = z.enum(['bundled', 'system']);
const keymapSchema = z.record(z.string().max(100), z.array(z.string().min(1).max(40)).max(8));

const settingsFields = z.object({
  lastCaller: callerSchema,
  ffmpegSource: ffmpegSourceSchema,
  keymap: keymapSchema.default({}),
  /** Whether anyone has signed in on this machine (the app asks once, on the first start). */
  identityChosen: z.boolean().default(false),
  /** The drafting endpoint (never its key). */
  drafting: endpointSettingsSchema.default(endpointSettingsSchema.parse({})),
  localVideoFolders: localVideoFoldersSchema.default([]),
});
const settingsSchema = z.preprocess(withLastCaller, settingsFields);

/** What settings.update may change: neither who signed in last nor whether anyone has. */
export type SettingsPatch = Partial<Omit<Settings, 'lastCaller' | 'identityChosen'>>;
// (no defaults here: a patch of one field leaves the others as they are)
const patchSchema = z.object({ ffmpegSource: ffmpegSourceSchema, keymap: keymapSchema, drafting: endpointSettingsSchema, localVideoFolders: localVideoFoldersSchema }).partial().strict();

const stateSchema = z.object({
  firstStartDone: z.boolean().default(false),
  lastProject: z.string().nullable().default(null),
  recent: z.array(z.object({ path: z.string(), name: z.string(), openedAt: z.string() })).default([]),
});
type AppState = z.infer<typeof stateSchema>;

const MAX_RECENT = 12;

function localPersonName(): string {
  try {
    return userInfo().username || 'me';
  } catch {
    return 'me';
  }
}

function readJson<T>(path: string, schema: z.ZodType<T>, fallback: T): T {
  if (!existsSync(path)) return fallback;
  try {
    const parsed = schema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (parsed.success) return parsed.data;
    console.warn(`[tidemark] ${describeZodIssue(path, parsed.error)}; using defaults`);
  } catch (error) {
    console.warn(`[tidemark] ${path} is not valid JSON (${(error as Error).message}); using defaults`);
  }
  return fallback;
}

export class SettingsStore {
  private settings: Settings;
  private state: AppState;

  constructor(readonly dataDir: string) {
    this.settings = readJson(this.settingsPath, settingsSchema, {
      // a fresh machine: its user, as lead (of the demo project, and of the projects they make)
      lastCaller: { person: localPersonName(), role: 'lead' },
      ffmpegSource: 'bundled',
      keymap: {},
      identityChosen: false,
      drafting: endpointSettingsSchema.parse({}),
      localVideoFolders: [],
    });
    this.state = readJson(this.statePath, stateSchema, stateSchema.parse({}));
  }

  private get settingsPath(): string {
    return join(this.dataDir, 'settings.json');
  }

  private get statePath(): string {
    return join(this.dataDir, 'state.json');
  }

  get(): Settings {
    return { ...this.settings, lastCaller: { ...this.settings.lastCaller }, localVideoFolders: [...this.settings.localVideoFolders] };
  }

  /** Who signed in last on this machine: what a new session starts as (unverified), and the CLI's person without --as. */
  lastCaller(): Caller {
    return { ...this.settings.lastCaller };
  }

  /** Someone signed in on this machine (the sign-in service says so, once it has checked them). */
  recordSignIn(caller: Caller): void {
    this.save({ ...this.settings, lastCaller: { person: caller.person, role: caller.role }, identityChosen: true });
  }

  update(patch: SettingsPatch): Settings {
    this.save({ ...this.settings, ...patchSchema.parse(patch) });
    return this.get();
  }

  private save(next: Settings): void {
    this.settings = settingsFields.parse(next);
    writeFileAtomic(this.settingsPath, JSON.stringify(this.settings, null, 2));
  }

  get firstStartDone(): boolean {
    return this.state.firstStartDone;
  }

  get lastProject(): string | null {
    return this.state.lastProject;
  }

  markFirstStartDone(): void {
    this.state.firstStartDone = true;
    this.saveState();
  }

  rememberOpened(path: string, name: string): void {
    const openedAt = new Date().toISOString();
    this.state.recent = [{ path, name, openedAt }, ...this.state.recent.filter((r) => r.path !== path)].slice(0, MAX_RECENT);
    this.state.lastProject = path;
    this.saveState();
  }

  rememberClosed(): void {
    this.state.lastProject = null;
    this.saveState();
  }

  recent(): RecentProject[] {
    return this.state.recent.map((r) => ({ ...r, exists: existsSync(r.path) }));
  }

  private saveState(): void {
    writeFileAtomic(this.statePath, JSON.stringify(this.state, null, 2));
  }
}
