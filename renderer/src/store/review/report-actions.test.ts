import { describe, expect, it, vi } from 'vitest';
import type { AgreementReport } from '../../../../shared/review/types';
import { getState } from '../store';

// each call answers when its test says so, in any order
const pending: Array<{ request: { round: number | null }; answer: (report: AgreementReport) => void }> = [];
vi.mock('../../api/client', () => ({
  call: (_method: string, request: { round: number | null }) => new Promise((resolve) => pending.push({ request, answer: resolve })),
}));
const { loadReport } = await import('./report-actions');

const reportOf = (round: number | null) => ({ round }) as unknown as AgreementReport;

describe('loading the agreement report', () => {
  it('shows the report of the newest choice when an older request answers after it', async () => {
    const all = loadReport(null, 'none');
    const first = loadReport(1, 'none');
    // the round's report arrives first, then the all-rounds report asked for before it
    pending[1]!.answer(reportOf(1));
    await first;
    pending[0]!.answer(reportOf(null));
    await all;
    expect(getState().reportRound).toBe(1);
    expect(getState().agreementReport).toEqual(reportOf(1));
    expect(getState().reviewBusy).toBe(false);
  });
});
