// The start screen's team section as it first renders (no DOM here: react-dom/server); what its
// buttons do is team-servers.ts, tested beside it.
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TeamConnect } from './TeamConnect';

afterEach(() => vi.unstubAllGlobals());

describe('Connect to a team server on the start screen', () => {
  it('is not shown in a browser', () => {
    vi.stubGlobal('window', {});
    expect(renderToStaticMarkup(<TeamConnect />)).toBe('');
  });

  it('on the desktop asks for the server’s address only: the password is typed on the server’s own page', () => {
    vi.stubGlobal('window', { tidemark: { team: { connect: async () => null, recent: async () => null } } });
    const html = renderToStaticMarkup(<TeamConnect />);
    expect(html).toContain('<h2>Connect to a team server</h2>');
    expect(html).toContain('data-testid="team-connect-address"');
    expect(html).toMatch(/<button type="submit" disabled="" data-testid="team-connect-submit">Connect<\/button>/);
    expect(html).not.toMatch(/type="password"/);
  });
});
