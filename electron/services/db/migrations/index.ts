import type { Database } from 'better-sqlite3';
import { migrate0001 } from './0001-videos';
import { migrate0002 } from './0002-view-state';
import { migrate0003 } from './0003-annotation';
import { migrate0004 } from './0004-reviews';
import { migrate0005 } from './0005-placeholder-videos';
import { migrate0006 } from './0006-review-workflow';
import { migrate0007 } from './0007-drafts';
import { migrate0008 } from './0008-empty-drafts';
import { migrate0009 } from './0009-model-runs';
import { migrate0010 } from './0010-judgments';
import { migrate0011 } from './0011-edit-log-parts';
import { migrate0012 } from './0012-passphrases';

/** Schema version N is reached by running migrations[0..N-1] in order; never edit a landed one. */
export const migrations: ReadonlyArray<(db: Database) => void> = [
  migrate0001,
  migrate0002,
  migrate0003,
  migrate0004,
  migrate0005,
  migrate0006,
  migrate0007,
  migrate0008,
  migrate0009,
  migrate0010,
  migrate0011,
  migrate0012,
];

export const LATEST_SCHEMA_VERSION = migrations.length;
