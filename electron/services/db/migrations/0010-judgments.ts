import type { Database } from 'better-sqlite3';

/**
 * An LLM judge's verdicts on free-text answers (PhoStream's 0–5 rubric, VSAS's yes/no + 0–3), kept
 * by what decides them — judge model, prompt template and version, question, reference, response
 * (`key`) — so every run that gave the same response reuses them; `repeat` tells repeats apart (the
 * spread of a judge over N runs is part of what a paper reports).
 */
export function migrate0010(db: Database): void {
  db.exec(`
    CREATE TABLE judgments (
      id TEXT PRIMARY KEY,
      key TEXT NOT NULL,
      repeat INTEGER NOT NULL,
      score REAL NOT NULL,
      verdict TEXT CHECK (verdict IN ('yes', 'no')),
      fields TEXT NOT NULL,
      created_at TEXT NOT NULL,
      UNIQUE (key, repeat)
    ) STRICT;
  `);
}
