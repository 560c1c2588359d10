// Pure selectors of the project slice.
import type { Video } from '../../../../shared/domain';
import type { State } from '../store';

export const selectedVideo = (s: State): Video | null => s.videos.find((v) => v.id === s.selectedVideoId) ?? null;

/** Where the person left a video: its playhead and view, if it was opened before. */
export const savedView = (s: State, videoId: string) => s.viewState?.videos[videoId] ?? null;
