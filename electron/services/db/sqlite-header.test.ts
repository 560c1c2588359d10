import { describe, expect, it } from 'vitest';
import { cutShort, startsAsSqlite } from './sqlite-header';

/** The first 100 bytes of a SQLite file of `pages` pages of `pageSize` bytes, its page count marked valid. */
function header(pageSize: number, pages: number, valid = true): Buffer {
  const bytes = Buffer.alloc(100);
  bytes.write('SQLite format 3\0', 0, 'latin1');
  bytes.writeUInt16BE(pageSize === 65536 ? 1 : pageSize, 16);
  bytes.writeUInt32BE(7, 24); // the change counter
  bytes.writeUInt32BE(pages, 28);
  bytes.writeUInt32BE(valid ? 7 : 6, 92); // "version valid for"
  return bytes;
}

describe('the SQLite header', () => {
  it('finds a file shorter than its header says, and says how long it should be', () => {
    expect(cutShort(header(4096, 75), 307_200)).toBeNull();
    expect(cutShort(header(4096, 75), 400_000)).toBeNull(); // longer is not damage
    expect(cutShort(header(4096, 75), 153_600)).toEqual({ expectedSize: 307_200 });
    expect(cutShort(header(65536, 3), 65536)).toEqual({ expectedSize: 196_608 });
  });

  it('calls a file shorter than its header or its first page cut short, with or without a trusted page count', () => {
    expect(cutShort(header(4096, 75).subarray(0, 60), 60)).toEqual({ expectedSize: 307_200 });
    expect(cutShort(header(4096, 75).subarray(0, 20), 20)).toEqual({ expectedSize: null });
    expect(cutShort(header(4096, 75, false), 2000)).toEqual({ expectedSize: null });
    expect(cutShort(header(4096, 75, false), 8192)).toBeNull(); // an old page count is not trusted
  });

  it('leaves files that are not SQLite to other checks', () => {
    expect(cutShort(Buffer.from('just some notes'), 15)).toBeNull();
    expect(startsAsSqlite(Buffer.from('SQLite for'))).toBe(true);
    expect(startsAsSqlite(Buffer.from('SQLite format 4'))).toBe(false);
    expect(startsAsSqlite(Buffer.alloc(0))).toBe(false);
  });
});
