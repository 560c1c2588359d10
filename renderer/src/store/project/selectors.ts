// Pure selectors of the project slice.
import type { Video } from '../../../../shared/domain';
import type { State } from '../store';

export const selectedVideo = (s: State): Video | null => s.videos.find((v) => v.id === s.selectedVideoId) ?? null;

/** A video whose length is known (a placeholder's — its file not found yet — is not). */
type TimedVideo = Video & { duration: number };
const hasLength = (video: Video | null): video is TimedVideo => video !== null && video.duration !== null;

/** The selected video when its length is known: what the player, stepping and the timeline work on. */
export const selectedTimedVideo = (s: State): TimedVideo | null => {
  const video = selectedVideo(s);
  return hasLength(video) ? video : null;
};

/** Where the person left a video: its playhead and view, if it was opened before. */
export const savedView = (s: State, videoId: string) => s.viewState?.videos[videoId] ?? null;
