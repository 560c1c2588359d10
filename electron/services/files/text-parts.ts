// A long text (an export) kept as the parts it was made in. Joining 48 MB into one string holds the
// server's thread for 50–100 ms, and encoding it for the disk as long again: the parts are written
// one after another instead (writeFileAtomicParts), and joined only where a caller needs the string.

/** Lines per part: a hundred thousand lines make a hundred strings. */
const LINES_PER_PART = 1000;

/** Gathers lines into parts, each its lines with a newline after each: the text is `parts.join('')`. */
export class LineParts {
  private readonly parts: string[] = [];
  private lines: string[] = [];

  push(line: string): void {
    this.lines.push(line);
    if (this.lines.length === LINES_PER_PART) this.close();
  }

  /** The parts made (the last one closed). */
  done(): string[] {
    this.close();
    return this.parts;
  }

  private close(): void {
    if (this.lines.length > 0) this.parts.push(`${this.lines.join('\n')}\n`);
    this.lines = [];
  }
}
