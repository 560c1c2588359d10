import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, isAllowedExternalUrl } from './security';

describe('contentSecurityPolicy', () => {
  it('allows scripts only from the app and media from the media scheme', () => {
    const csp = contentSecurityPolicy({ mediaScheme: 'media' });
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("media-src 'self' media: blob:");
    expect(csp).toContain("object-src 'none'");
    expect(contentSecurityPolicy()).not.toContain('media:');
  });
});

describe('isAllowedExternalUrl', () => {
  it('opens only https links to allow-listed hosts', () => {
    expect(isAllowedExternalUrl('https://github.com/x/y')).toBe(true);
    expect(isAllowedExternalUrl('https://docs.github.com/')).toBe(true);
    expect(isAllowedExternalUrl('http://github.com/')).toBe(false);
    expect(isAllowedExternalUrl('https://github.com.evil.io/')).toBe(false);
    expect(isAllowedExternalUrl('https://user:pw@github.com/')).toBe(false);
    expect(isAllowedExternalUrl('file:///etc/passwd')).toBe(false);
    expect(isAllowedExternalUrl('javascript:alert(1)')).toBe(false);
    expect(isAllowedExternalUrl('not a url')).toBe(false);
  });
});
