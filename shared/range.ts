// HTTP Range (RFC 9110 §14) for serving video: one byte range, as media elements request.

type RangeResult = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * Parses a Range header against a file of `size` bytes. Multiple ranges are answered with the
 * first one only (browsers never ask for more for media), which RFC 9110 allows.
 */
export function parseRange(header: string | null | undefined, size: number): RangeResult {
  if (!header) return { kind: 'full' };
  const match = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!match?.[1]) return { kind: 'full' }; // unknown unit: ignore the header, serve the whole file
  const first = match[1].split(',')[0]?.trim() ?? '';
  const spec = /^(\d*)\s*-\s*(\d*)$/.exec(first);
  if (!spec) return { kind: 'unsatisfiable' };
  const [, startText = '', endText = ''] = spec;
  if (startText === '' && endText === '') return { kind: 'unsatisfiable' };
  if (size === 0) return { kind: 'unsatisfiable' };
  if (startText === '') {
    // suffix range: the last N bytes
    const length = Number(endText);
    if (length === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(startText);
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = endText === '' ? size - 1 : Math.min(Number(endText), size - 1);
  if (end < start) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}

/** Response status and headers for a range answer; the caller streams bytes [start, end]. */
export function rangeResponseHeaders(range: RangeResult, size: number, contentType: string): { status: 200 | 206 | 416; headers: Record<string, string>; start: number; end: number } {
  const common = { 'Accept-Ranges': 'bytes', 'Content-Type': contentType, 'Cache-Control': 'no-store' };
  switch (range.kind) {
    case 'full':
      return { status: 200, headers: { ...common, 'Content-Length': String(size) }, start: 0, end: size - 1 };
    case 'partial':
      return {
        status: 206,
        headers: {
          ...common,
          'Content-Length': String(range.end - range.start + 1),
          'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
        },
        start: range.start,
        end: range.end,
      };
    case 'unsatisfiable':
      return { status: 416, headers: { ...common, 'Content-Range': `bytes */${size}` }, start: 0, end: -1 };
  }
}

const MEDIA_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  ogv: 'video/ogg',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** MIME type for the files we serve; anything else is refused by the caller. */
export function mediaTypeFor(fileName: string): string | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return (ext && MEDIA_TYPES[ext]) ?? null;
}
