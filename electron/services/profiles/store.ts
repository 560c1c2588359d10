// What the profiles feature needs of storage, shaped by its service rather than by a table: an engine
// implements it (SQLite: db/sqlite/profiles.ts). Reads are async and a profile is a typed value, so
// an engine that answers over the network (PostgreSQL) fills the same interface.
import type { Profile } from '../../../shared/profiles';

/** The project's benchmark profiles. */
export interface ProfileStore {
  /** Every profile: the built-in ones first, then by name. */
  list(): Promise<Profile[]>;
  get(id: string): Promise<Profile | null>;
}

/**
 * The profiles inside one edit: each write is logged for undo and redo, and reads see what the edit
 * has written so far.
 */
export interface ProfileWrites extends ProfileStore {
  /** Adds a profile or replaces the one with its id. */
  put(profile: Profile): Promise<void>;
  /** Adds a profile with a fresh id (an import's): logged as inserted, which is cheaper than put. */
  add(profile: Profile): Promise<void>;
  remove(id: string): Promise<void>;
  /** How many questions use the profile (asked inside the edit, a question added meanwhile counts). */
  questionsUsing(id: string): Promise<number>;
}
