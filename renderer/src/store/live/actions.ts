// Live updates on a team server: the project's event stream (GET <base>/events) says who committed an
// edit, undo or redo and which tables and videos it touched; this page reloads those, as after its
// own undo. Another person's edit shows on the timeline and in the lists within a second. While the
// stream is down the top bar says "reconnecting"; once it is back, everything shown is reloaded, so an
// edit made meanwhile is not missed.
import { z } from 'zod';
import type { AppliedEditSummary } from '../../../../shared/api';
import { page } from '../../api/base-path';
import { emit } from '../effects';
import { report } from '../guarded';
import { getState, setState } from '../store';

const committedSchema = z.object({ person: z.string().nullable(), tables: z.array(z.string()), videoIds: z.array(z.string()) });

/** The tables a video's annotations are read from: a change to one reloads the selected video's. */
const ANNOTATION_TABLES = new Set(['marks', 'questions', 'query_points', 'reviews', 'adjudications', 'drafts', 'responses', 'runs']);

/** Every table: what a page that missed edits (its stream was down) reloads. */
const EVERYTHING: AppliedEditSummary = { label: '', videoIds: [], tables: ['profiles', 'videos', 'marks', 'questions', 'query_points', 'reviews', 'adjudications', 'drafts', 'runs', 'responses'] };

/** What the page reloads for one committed edit: its own edits are on it already. */
export async function applyCommitted(data: string): Promise<void> {
  let edit: z.infer<typeof committedSchema>;
  try {
    edit = committedSchema.parse(JSON.parse(data));
  } catch (error) {
    report(new Error(`The team server's event stream sent something that is not an edit: ${(error as Error).message}`));
    return;
  }
  if (edit.person !== null && edit.person === getState().info?.caller.person) return;
  await reload({ label: '', videoIds: edit.videoIds, tables: edit.tables }, edit.person === null);
}

async function reload(summary: AppliedEditSummary, anyVideo: boolean): Promise<void> {
  await emit('editApplied', summary);
  const selected = getState().selectedVideoId;
  const onSelected = selected !== null && (anyVideo || summary.videoIds.length === 0 || summary.videoIds.includes(selected));
  if (onSelected && summary.tables.some((t) => ANNOTATION_TABLES.has(t))) await emit('annotationsChanged');
}

/** The stream's constructor (EventSource in a browser; the tests give their own). */
export type Source = Pick<EventSource, 'close'> & {
  onopen: ((this: EventSource, ev: Event) => unknown) | null;
  onerror: ((this: EventSource, ev: Event) => unknown) | null;
  onmessage: ((this: EventSource, ev: MessageEvent) => unknown) | null;
};
let source: Source | null = null;

/** Listens to the project's edits, on a team server only (once). */
export function startLive(open: (url: string) => Source = (url) => new EventSource(url)): void {
  if (getState().info?.mode !== 'team' || source) return;
  setState({ live: 'connecting' });
  source = open(`${page.base()}/events`);
  source.onopen = () => {
    const missed = getState().live === 'reconnecting';
    setState({ live: 'live' });
    if (missed) void reload(EVERYTHING, true);
  };
  // EventSource tries again by itself (every 2 s, as the server asks)
  source.onerror = () => setState({ live: 'reconnecting' });
  source.onmessage = (event) => void applyCommitted(String(event.data));
}

export function stopLive(): void {
  source?.close();
  source = null;
  setState({ live: 'off' });
}
