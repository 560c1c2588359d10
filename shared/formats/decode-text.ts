// A file's bytes as text, with a located problem for each line that is not UTF-8: such bytes decode
// to U+FFFD, so the records on those lines must not be taken as read.
import type { Problem } from './problems';

/**
 * A file's bytes as text, with a problem for each line holding bytes that are not UTF-8 (each line
 * once, at its first bad byte; offsets count from the start of the file). Such bytes decode to
 * U+FFFD, so the records on those lines must not be taken as read: pass the lines on to the reader
 * (`unreadableLines`). A UTF-8 byte-order mark is dropped.
 */
export function decodeText(bytes: Uint8Array, file: string): { text: string; problems: Problem[] } {
  const decoding = decodingText(bytes, file);
  while (!decoding.step());
  return decoding.result();
}

/** Bytes decoded per step: about a millisecond's work (a 40 MB file at once held a server for 60 ms). */
const DECODE_STEP_BYTES = 1 << 20;

/** decodeText a step at a time: `step()` decodes the next megabyte and says whether that was the last. */
export function decodingText(bytes: Uint8Array, file: string): { step(): boolean; result(): { text: string; problems: Problem[] } } {
  // streamed, a sequence cut by a step's end is completed by the next one: the text is the same as at once
  const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false });
  const parts: string[] = [];
  let at = 0;
  // every invalid sequence decodes to U+FFFD, so text without one needs no byte scan (looked for a step at a time)
  let replaced = false;
  return {
    step() {
      if (at >= bytes.length) return true;
      const end = Math.min(bytes.length, at + DECODE_STEP_BYTES);
      const part = decoder.decode(bytes.subarray(at, end), { stream: end < bytes.length });
      replaced ||= part.includes('\uFFFD');
      parts.push(part);
      at = end;
      return at >= bytes.length;
    },
    result() {
      const text = parts.join('');
      if (!replaced) return { text, problems: [] };
      return { text, problems: invalidUtf8(bytes).map(({ line, offset }) => ({ file, line, field: '', reason: `not valid UTF-8 (byte offset ${offset})` })) };
    },
  };
}

/**
 * The first ill-formed UTF-8 sequence of each line (Unicode's well-formed byte sequences, table 3-7:
 * no overlong forms, no surrogates, nothing above U+10FFFF). A byte that breaks a sequence is read
 * again as the start of the next one, as TextDecoder does, so a newline always ends its line.
 */
export function invalidUtf8(bytes: Uint8Array): Array<{ line: number; offset: number }> {
  const found: Array<{ line: number; offset: number }> = [];
  let line = 1;
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      if (lead === 0x0a) line++;
      i++;
      continue;
    }
    // continuation bytes needed, and the range the first of them must lie in
    let need = 0;
    let lo = 0x80;
    let hi = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) need = 1;
    else if (lead >= 0xe0 && lead <= 0xef) {
      need = 2;
      if (lead === 0xe0) lo = 0xa0; // overlong
      if (lead === 0xed) hi = 0x9f; // surrogates
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      need = 3;
      if (lead === 0xf0) lo = 0x90; // overlong
      if (lead === 0xf4) hi = 0x8f; // above U+10FFFF
    }
    let j = i + 1;
    let ok = need > 0;
    for (let k = 0; ok && k < need; k++) {
      const b = bytes[j];
      if (b === undefined || b < (k === 0 ? lo : 0x80) || b > (k === 0 ? hi : 0xbf)) ok = false;
      else j++;
    }
    if (!ok && found.at(-1)?.line !== line) found.push({ line, offset: i });
    i = j;
  }
  return found;
}
