// The timeline's view (first second shown and zoom) and its measured width.
import type { TimelineView } from '../../../../shared/timeline';

export interface TimelineState {
  view: TimelineView | null;
  timelineWidth: number;
}

export const initialTimelineState: TimelineState = { view: null, timelineWidth: 0 };
