// What the exchange of benchmark files reports across the API: formats, import outcomes, exports.
import type { Problem } from './formats/problems';
import type { ReadinessReport } from './readiness';

export interface FormatInfo {
  id: string;
  label: string;
  profile: string;
  canImport: boolean;
  canExport: boolean;
}

/** What an import did, or why it did nothing. */
export interface ImportOutcomeView {
  file: string;
  format: string;
  records: number;
  importedQuestions: number;
  importedMarks: number;
  /** Rows written (the lossless format: profiles, videos, marks, questions, query points, reviews). */
  importedRows: number;
  /** Rows or questions the project already had (by id, or by benchmark id), skipped or updated. */
  alreadyPresent: number;
  updated: number;
  /** Media the file names that were not found; their questions sit on placeholder videos until relinked. */
  missingMedia: Array<{ videoPath: string; questions: number }>;
  problems: Problem[];
  /** What the format finds questionable in records it imported (a time read the release's way): said, never refused. */
  warnings: Problem[];
  refused: boolean;
  /** Where the problems were written, when they were. */
  reportPath: string | null;
}

export interface ExportOutcome {
  written: boolean;
  path: string;
  items: number;
  readiness: ReadinessReport | null;
  /** Records a forced export left out because they would not pass its own format's validation. */
  leftOut: Array<{ questionId: string; reason: string }>;
}
