// The report's file formats; the writers are shared/review/report-format.ts's, the same the CLI uses.
import { reportToCsv, reportToJson, reportToMarkdown } from '../../../../shared/review/report-format';
import type { AgreementReport } from '../../../../shared/review/types';

export type ReportFormat = 'md' | 'csv' | 'json';

export const reportFormats: Record<ReportFormat, { label: string; type: string; write: (report: AgreementReport) => string }> = {
  md: { label: 'Markdown', type: 'text/markdown;charset=utf-8', write: reportToMarkdown },
  csv: { label: 'CSV', type: 'text/csv;charset=utf-8', write: reportToCsv },
  json: { label: 'JSON', type: 'application/json;charset=utf-8', write: reportToJson },
};
