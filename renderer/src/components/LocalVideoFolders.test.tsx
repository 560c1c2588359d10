// The start screen's "Local video folders" as it first renders (react-dom/server: no DOM here): the
// desktop's own setting, absent in browser mode and on a team server's pages.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LocalVideoFolders } from './LocalVideoFolders';

describe('Local video folders on the start screen', () => {
  it('is the desktop’s: absent in browser mode, on a team server’s page, and before the app said which it is', () => {
    expect(renderToStaticMarkup(<LocalVideoFolders mode="browser" />)).toBe('');
    expect(renderToStaticMarkup(<LocalVideoFolders mode="team" />)).toBe('');
    expect(renderToStaticMarkup(<LocalVideoFolders mode={undefined} />)).toBe('');
  });

  it('on the desktop says what the folders are for and offers to add one', () => {
    const html = renderToStaticMarkup(<LocalVideoFolders mode="desktop" />);
    expect(html).toContain('<h2>Local video folders</h2>');
    expect(html).toMatch(/same content|fingerprint/);
    expect(html).toMatch(/<button type="button"[^>]*data-testid="local-folders-add"[^>]*>Add a folder…<\/button>/);
  });
});
