// What the first bytes of a file say about it, read before SQLite is let near it: a SQLite file
// shorter than its own header says was cut short (a copy stopped part way, a full disk), and must be
// called damaged — not "not a SQLite file" — and left exactly as it is.
// The header's layout: https://www.sqlite.org/fileformat2.html#the_database_header

/** Every SQLite database file starts with these 16 bytes. */
const MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

/** How many leading bytes `cutShort` looks at. */
export const HEADER_BYTES = 100;

/** Whether the file's first bytes are SQLite's (as many of them as it has). */
export function startsAsSqlite(head: Uint8Array): boolean {
  const magic = Buffer.from(head.buffer, head.byteOffset, Math.min(head.length, MAGIC.length));
  return magic.length > 0 && magic.equals(MAGIC.subarray(0, magic.length));
}

/**
 * For a file that starts as a SQLite database does and is shorter than its header says (or than
 * one page, or than the header itself): the size it should have, where the header still says it.
 * Null for a whole SQLite file, and for a file that is not SQLite at all.
 */
export function cutShort(head: Uint8Array, size: number): { expectedSize: number | null } | null {
  const bytes = Buffer.from(head.buffer, head.byteOffset, Math.min(head.length, size));
  if (!startsAsSqlite(bytes)) return null;
  if (bytes.length < 32) return { expectedSize: null };
  const rawPageSize = bytes.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  const pages = bytes.readUInt32BE(28);
  // the page count is trusted only when SQLite marked it valid (bytes 92–95 equal the change counter at 24)
  const countValid = bytes.length < HEADER_BYTES || bytes.readUInt32BE(92) === bytes.readUInt32BE(24);
  const expectedSize = countValid && pages > 0 ? pages * pageSize : null;
  if (bytes.length < HEADER_BYTES || size < pageSize) return { expectedSize };
  return expectedSize !== null && size < expectedSize ? { expectedSize } : null;
}
