// The top bar on a team server says whether other people's edits reach the page. (react-dom/server:
// no DOM here.)
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LiveBadge } from './TeamBar';

describe('the team top bar', () => {
  it('says live, reconnecting (as a status), or nothing before the stream is up', () => {
    expect(renderToStaticMarkup(<LiveBadge live="live" />)).toMatch(/data-testid="team-live"[^>]*>live</);
    expect(renderToStaticMarkup(<LiveBadge live="reconnecting" />)).toMatch(/role="status" data-testid="team-live"[^>]*>reconnecting…</);
    expect(renderToStaticMarkup(<LiveBadge live="connecting" />)).toBe('');
    expect(renderToStaticMarkup(<LiveBadge live="off" />)).toBe('');
  });
});
