import { describe, expect, it } from 'vitest';
import { appFileFromUrl, isInternalNavigation, mediaRouteFromUrl } from './routes';

describe('desktop shell URL rules', () => {
  it('maps media:// URLs to media routes', () => {
    expect(mediaRouteFromUrl('media://video/abc-123')).toBe('video/abc-123');
    expect(mediaRouteFromUrl('media://thumbs/abc/3')).toBe('thumbs/abc/3');
    expect(mediaRouteFromUrl('file:///etc/passwd')).toBeNull();
    expect(mediaRouteFromUrl('nonsense')).toBeNull();
  });
  it('maps app:// URLs to renderer files without escaping the folder', () => {
    expect(appFileFromUrl('app://tidemark/')).toBe('index.html');
    expect(appFileFromUrl('app://tidemark/assets/index.js')).toBe('assets/index.js');
    expect(appFileFromUrl('app://tidemark/../../etc/passwd')).toBe('etc/passwd');
    // normalising an absolute path clamps at the root: still inside the renderer folder
    expect(appFileFromUrl('app://tidemark/%2e%2e/%2e%2e/etc/passwd')).toBe('etc/passwd');
    expect(appFileFromUrl('app://tidemark/a%00b')).toBeNull();
    expect(appFileFromUrl('app://other/index.html')).toBeNull();
    expect(appFileFromUrl('https://tidemark/index.html')).toBeNull();
  });
  it('keeps navigation inside the app', () => {
    expect(isInternalNavigation('app://tidemark/index.html')).toBe(true);
    expect(isInternalNavigation('app://tidemark.evil/index.html')).toBe(false);
    expect(isInternalNavigation('https://example.com')).toBe(false);
  });
});
