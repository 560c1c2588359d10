// Live updates on a team server: whether this page hears the project's edits as they commit.
export interface LiveState {
  /** 'off' outside a team server; 'reconnecting' while the stream is down (edits made then are fetched once it is back). */
  live: 'off' | 'connecting' | 'live' | 'reconnecting';
}

export const initialLiveState: LiveState = { live: 'off' };
