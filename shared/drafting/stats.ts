// How drafts fared with people: accepted unchanged, edited, rejected, still undecided, failed — per
// person who decided and per task type. The corrected share is edited ÷ (accepted + edited), the
// figure VSAS-Bench reports (about 10 % of its GPT-5 captions were corrected). And what they cost:
// tokens and estimated dollars of every draft, failed and empty ones included (they were paid for).
import type { DraftProvenance, DraftView } from './drafts';

export interface DraftTally {
  accepted: number;
  edited: number;
  rejected: number;
  undecided: number;
  failed: number;
  /** edited ÷ (accepted + edited); null before any is kept. */
  correctedShare: number | null;
  inputTokens: number;
  outputTokens: number;
  /** Estimated US dollars at the endpoint's prices when each draft was made (0 where none were set). */
  costUsd: number;
}

interface DraftSpend {
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

/** What a draft cost: its share of the request that made it, and a candidate question's cutoff check. */
export function draftSpend(p: Pick<DraftProvenance, 'inputTokens' | 'outputTokens' | 'costUsd' | 'check'>): DraftSpend {
  return {
    inputTokens: p.inputTokens + (p.check?.inputTokens ?? 0),
    outputTokens: p.outputTokens + (p.check?.outputTokens ?? 0),
    costUsd: p.costUsd + (p.check?.costUsd ?? 0),
  };
}

export interface DraftStats {
  total: DraftTally;
  byPerson: Array<{ person: string } & DraftTally>;
  byTask: Array<{ kind: DraftView['kind']; task: string } & DraftTally>;
}

const emptyTally = (): DraftTally => ({ accepted: 0, edited: 0, rejected: 0, undecided: 0, failed: 0, correctedShare: null, inputTokens: 0, outputTokens: 0, costUsd: 0 });

function count(tally: DraftTally, d: DraftView): void {
  // an undecided draft whose mark a person has written over (a range copied over it) was edited
  if (d.status === 'draft' && d.current === null) tally.edited++;
  else if (d.status === 'draft') tally.undecided++;
  else if (d.status !== 'empty') tally[d.status]++;
  const kept = tally.accepted + tally.edited;
  tally.correctedShare = kept === 0 ? null : tally.edited / kept;
  const spent = draftSpend(d.provenance);
  tally.inputTokens += spent.inputTokens;
  tally.outputTokens += spent.outputTokens;
  tally.costUsd += spent.costUsd;
}

export function draftStats(drafts: readonly DraftView[]): DraftStats {
  const total = emptyTally();
  const byPerson = new Map<string, DraftTally>();
  const byTask = new Map<string, { kind: DraftView['kind']; task: string; tally: DraftTally }>();
  for (const d of drafts) {
    count(total, d);
    if (d.decidedBy !== null) {
      if (!byPerson.has(d.decidedBy)) byPerson.set(d.decidedBy, emptyTally());
      count(byPerson.get(d.decidedBy)!, d);
    }
    const key = `${d.kind}\u0000${d.task}`;
    if (!byTask.has(key)) byTask.set(key, { kind: d.kind, task: d.task, tally: emptyTally() });
    count(byTask.get(key)!.tally, d);
  }
  return {
    total,
    byPerson: [...byPerson].map(([person, t]) => ({ person, ...t })).sort((a, b) => a.person.localeCompare(b.person)),
    byTask: [...byTask.values()].map(({ kind, task, tally }) => ({ kind, task, ...tally })).sort((a, b) => a.kind.localeCompare(b.kind) || a.task.localeCompare(b.task)),
  };
}
