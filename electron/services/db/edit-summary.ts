// What an edit touched — its tables and, where its changed rows say, its videos — so that clients
// reload just those (after an undo, or when another person's edit comes in live). Ids and table names
// only: nothing of what the rows hold, which a blind reviewer may not see.
import type { AppliedEditSummary } from '../../../shared/api';
import type { LoggedChange } from './edit-log';

export type EditTouched = Omit<AppliedEditSummary, 'label'>;

export function touchedBy(changes: readonly LoggedChange[], insertedOnVideos: Iterable<string> = []): EditTouched {
  const videoIds = new Set<string>(insertedOnVideos);
  const tables = new Set<string>();
  for (const change of changes) {
    tables.add(change.table);
    if ('inserted' in change) continue;
    const videoId = (change.after ?? change.before)?.video_id;
    if (typeof videoId === 'string') videoIds.add(videoId);
    else if (change.table === 'videos') videoIds.add(change.key);
  }
  return { videoIds: [...videoIds], tables: [...tables] };
}
