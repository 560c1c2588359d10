// Half-filled forms kept by project, person and item — a review being written, a round being set
// up — so that no way out drops them: Esc, another video, a person switch, a reload. They hold the
// person's own input only (never what the services sent), in the browser's storage on this machine,
// and are read back through a schema (a stored value from an older build is simply not restored).
import type { z } from 'zod';

interface Storage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const memoryStorage = (): Storage => {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
};

/** Where drafts live: the page's localStorage; memory where there is none (unit tests). */
let storage: Storage = typeof localStorage !== 'undefined' ? localStorage : memoryStorage();

/** For tests: a fresh, empty place. */
export function keepDraftsInMemory(): void {
  storage = memoryStorage();
}

export interface DraftKey {
  /** The project's path. */
  project: string;
  person: string;
  /** What the form is for: 'review:<question>:<round>', 'round-form'. */
  item: string;
}

const storageKey = (key: DraftKey): string => `tidemark.draft\u0000${key.project}\u0000${key.person}\u0000${key.item}`;

export function keepDraft(key: DraftKey, value: unknown): void {
  try {
    storage.setItem(storageKey(key), JSON.stringify(value));
  } catch {
    // storage full or refused: the form still holds it in memory
  }
}

export function keptDraft<T>(key: DraftKey, schema: z.ZodType<T>): T | null {
  const text = storage.getItem(storageKey(key));
  if (text === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function dropDraft(key: DraftKey): void {
  storage.removeItem(storageKey(key));
}
