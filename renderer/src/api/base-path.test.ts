import { describe, expect, it } from 'vitest';
import { basePath, cookieValue, csrfHeaders, loginUrl, projectOfPath } from './base-path';

describe('where the app is served', () => {
  it('under /p/<project>/ it is that project of a team server', () => {
    expect(projectOfPath('/p/demo/')).toBe('demo');
    expect(projectOfPath('/p/cats-2.v1/videos/x')).toBe('cats-2.v1');
    expect(basePath('/p/demo/')).toBe('/p/demo');
  });

  it('anywhere else (browser mode, the desktop’s app://tidemark/index.html) it is at the root', () => {
    for (const path of ['/', '/index.html', '/p/', '/p/demo', '/project/demo/', '']) {
      expect(projectOfPath(path)).toBeNull();
      expect(basePath(path)).toBe('');
    }
  });

  it('a segment no project could be named is not taken for one (it would be pasted into every URL)', () => {
    expect(projectOfPath('/p/Demo/')).toBeNull();
    expect(projectOfPath('/p/%2e%2e/')).toBeNull();
    expect(projectOfPath('/p/-x/')).toBeNull();
  });
});

describe('the CSRF token', () => {
  it('is read from the tidemark-csrf cookie among others', () => {
    expect(cookieValue('a=1; tidemark-csrf=abc%3D; tidemark_token_4000=t', 'tidemark-csrf')).toBe('abc=');
    expect(cookieValue('tidemark-csrf-old=x', 'tidemark-csrf')).toBeNull();
    expect(cookieValue('', 'tidemark-csrf')).toBeNull();
  });

  it('is sent as X-CSRF-Token when the cookie exists, and nothing is sent without it (browser mode)', () => {
    expect(csrfHeaders('tidemark-csrf=tok')).toEqual({ 'X-CSRF-Token': 'tok' });
    expect(csrfHeaders('other=1')).toEqual({});
  });
});

describe('the sign-in page’s address', () => {
  it('carries where to come back to', () => {
    expect(loginUrl('/p/demo/?x=1')).toBe('/login?next=/p/demo/%3Fx%3D1');
  });
});
