import { describe, expect, it } from 'vitest';
import { mediaTypeFor, parseRange, rangeResponseHeaders } from './range';

describe('parseRange', () => {
  it('serves the whole file without a header', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'full' });
    expect(parseRange('items=0-5', 100)).toEqual({ kind: 'full' });
  });
  it('parses open, closed and suffix ranges', () => {
    expect(parseRange('bytes=0-', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseRange('bytes=10-19', 100)).toEqual({ kind: 'partial', start: 10, end: 19 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseRange('bytes=5-9, 20-30', 100)).toEqual({ kind: 'partial', start: 5, end: 9 });
  });
  it('refuses ranges that cannot be satisfied', () => {
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=20-10', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=abc', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('rangeResponseHeaders', () => {
  it('answers 206 with Content-Range', () => {
    const r = rangeResponseHeaders({ kind: 'partial', start: 10, end: 19 }, 100, 'video/mp4');
    expect(r.status).toBe(206);
    expect(r.headers['Content-Range']).toBe('bytes 10-19/100');
    expect(r.headers['Content-Length']).toBe('10');
    expect(r.headers['Accept-Ranges']).toBe('bytes');
  });
  it('answers 200 for the whole file and 416 with the size when unsatisfiable', () => {
    expect(rangeResponseHeaders({ kind: 'full' }, 100, 'video/mp4')).toMatchObject({ status: 200, start: 0, end: 99 });
    const r = rangeResponseHeaders({ kind: 'unsatisfiable' }, 100, 'video/mp4');
    expect(r.status).toBe(416);
    expect(r.headers['Content-Range']).toBe('bytes */100');
  });
});

describe('mediaTypeFor', () => {
  it('knows video and image types and nothing else', () => {
    expect(mediaTypeFor('a.MP4')).toBe('video/mp4');
    expect(mediaTypeFor('a.webm')).toBe('video/webm');
    expect(mediaTypeFor('sheet-0001.jpg')).toBe('image/jpeg');
    expect(mediaTypeFor('passwd')).toBeNull();
    expect(mediaTypeFor('x.html')).toBeNull();
  });
});
