// The agreement report: which round (or all) and which strata, made by the services on request,
// and its export as Markdown, CSV or JSON — a download the browser saves.
import { call } from '../../api/client';
import { downloadText } from '../../dom/download';
import { getState, setState } from '../store';
import { inReview } from './actions';
import { reportFormats, type ReportFormat } from './report-formats';
import { reportFileName } from './selectors';

/** The newest report asked for: reads are not queued, so an older one may answer after it. */
let newestRequest = 0;

export async function loadReport(round = getState().reportRound, by = getState().reportBy): Promise<void> {
  const request = ++newestRequest;
  setState({ reportRound: round, reportBy: by, reviewBusy: true });
  const report = await inReview(() => call('agreement.report', { round, by }));
  // an answer to a choice since changed would show one round's figures under another's name
  if (request !== newestRequest) return;
  setState({ reviewBusy: false, ...(report ? { agreementReport: report, reviewError: null } : {}) });
}

/** Saves the report shown as a file for a paper's appendix; the file's name, or null without a report. */
export function downloadReport(format: ReportFormat): string | null {
  const report = getState().agreementReport;
  const spec = reportFormats[format];
  if (!report) return null;
  const name = reportFileName(report, format);
  downloadText(name, spec.write(report), spec.type);
  setState({ status: `Saved ${name}` });
  return name;
}
