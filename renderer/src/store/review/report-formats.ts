// The report's file formats. The writers are shared/review/report-format.ts's (one formatter for the
// app and the CLI); a format whose writer is not there yet has none, and its button says so.
import type { AgreementReport } from '../../../../shared/review/types';

export type ReportFormat = 'md' | 'csv' | 'json';

export const reportFormats: Record<ReportFormat, { label: string; type: string; write: ((report: AgreementReport) => string) | null }> = {
  md: { label: 'Markdown', type: 'text/markdown;charset=utf-8', write: null },
  csv: { label: 'CSV', type: 'text/csv;charset=utf-8', write: null },
  json: { label: 'JSON', type: 'application/json;charset=utf-8', write: null },
};
