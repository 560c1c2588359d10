// Settings and the recent-projects list: small JSON files in the data folder, parsed with zod and
// written atomically (temp file + rename) so a crash never leaves half a file.
import { existsSync, readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { roles, type Caller, type RecentProject, type Settings } from '../../../shared/domain';
import { endpointSettingsSchema } from '../../../shared/drafting/endpoint';
import { describeZodIssue } from '../../../shared/zod-issue';
import { writeFileAtomic } from '../files/atomic-write';

const settingsSchema = z.object({
  personName: z.string().min(1).max(100),
  role: z.enum(roles),
  ffmpegSource: z.enum(['bundled', 'system']),
  keymap: z.record(z.string().max(100), z.array(z.string().min(1).max(40)).max(8)).default({}),
  /** Whether the person has said who they are (the app asks once, on the first start). */
  identityChosen: z.boolean().default(false),
  /** The drafting endpoint (never its key). */
  drafting: endpointSettingsSchema.default(endpointSettingsSchema.parse({})),
});

const stateSchema = z.object({
  firstStartDone: z.boolean().default(false),
  lastProject: z.string().nullable().default(null),
  recent: z
    .array(z.object({ path: z.string(), name: z.string(), openedAt: z.string() }))
    .default([]),
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
      personName: localPersonName(),
      role: 'lead',
      ffmpegSource: 'bundled',
      keymap: {},
      identityChosen: false,
      drafting: endpointSettingsSchema.parse({}),
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
    return { ...this.settings };
  }

  /** The local person, as every call from this machine's user names them. */
  caller(): Caller {
    return { person: this.settings.personName, role: this.settings.role };
  }

  update(patch: Partial<Settings>): Settings {
    const chosen = patch.personName !== undefined || patch.role !== undefined;
    this.settings = settingsSchema.parse({ ...this.settings, ...patch, ...(chosen ? { identityChosen: true } : {}) });
    writeFileAtomic(this.settingsPath, JSON.stringify(this.settings, null, 2));
    return this.get();
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
