// Benchmark files in and out: formats, the jobs that import, export and check readiness, what they
// yielded, and the dialog's error.
import type { ExportOutcome, FormatInfo, ImportOutcomeView } from '../../../../shared/exchange';
import type { ReadinessReport } from '../../../../shared/readiness';
import type { DatasetStats } from '../../../../shared/stats';

export interface ExchangeState {
  formats: FormatInfo[];
  /** The jobs this dialog started and is waiting for. */
  importJobId: string | null;
  exportJobId: string | null;
  readinessJobId: string | null;
  lastExchangeImport: ImportOutcomeView | null;
  exported: ExportOutcome | null;
  readiness: ReadinessReport | null;
  stats: DatasetStats[] | null;
  /** Why the last import, export or check failed; shown in the dialog, cleared when it closes. */
  exchangeError: string | null;
}

export const initialExchangeState: ExchangeState = {
  formats: [],
  importJobId: null,
  exportJobId: null,
  readinessJobId: null,
  lastExchangeImport: null,
  exported: null,
  readiness: null,
  stats: null,
  exchangeError: null,
};
