// CSV as RFC 4180 writes it (and spreadsheets export it): fields separated by commas, records by line
// breaks (CRLF, LF or a lone CR); a quoted field may hold commas, line breaks and doubled quotes. A
// record is numbered by the line it starts on, so a problem can name it even after a multi-line field.

interface CsvRecord {
  /** The 1-based line the record starts on. */
  line: number;
  fields: string[];
}

interface CsvProblem {
  line: number;
  reason: string;
}

/**
 * Every record of the text. A malformed record is left out with a problem naming its line, and
 * reading goes on at the next line; a quote never closed swallows the rest of the text, as it would
 * in any reader, and is named by the line it opened on.
 */
export function parseCsv(text: string): { records: CsvRecord[]; problems: CsvProblem[] } {
  const records: CsvRecord[] = [];
  const problems: CsvProblem[] = [];
  let i = 0;
  let line = 1;
  /** Past the line break at i (if there is one), counting it. */
  const lineBreak = (): boolean => {
    if (text[i] === '\r') i += text[i + 1] === '\n' ? 2 : 1;
    else if (text[i] === '\n') i += 1;
    else return false;
    line++;
    return true;
  };
  /** After a problem: on to the start of the next line. */
  const skipLine = (): void => {
    while (i < text.length && !lineBreak()) i++;
  };

  records: while (i < text.length) {
    const start = line;
    const fields: string[] = [];
    for (;;) {
      if (text[i] === '"') {
        const opened = line;
        let value = '';
        i++;
        for (;;) {
          if (i >= text.length) {
            problems.push({ line: opened, reason: 'a quoted field opened here is never closed' });
            break records;
          }
          if (text[i] === '"') {
            if (text[i + 1] !== '"') break;
            value += '"';
            i += 2;
          } else if (text[i] === '\r' || text[i] === '\n') {
            const from = i;
            lineBreak();
            value += text.slice(from, i);
          } else value += text[i++];
        }
        i++; // the closing quote
        fields.push(value);
        if (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
          problems.push({ line, reason: `text after the closing quote of field ${fields.length} (double a quote inside a quoted field: "")` });
          skipLine();
          continue records;
        }
      } else {
        let end = i;
        while (end < text.length && text[end] !== ',' && text[end] !== '\r' && text[end] !== '\n') end++;
        const value = text.slice(i, end);
        fields.push(value);
        i = end;
        if (value.includes('"')) {
          problems.push({ line, reason: `a quote inside the unquoted field ${fields.length} (quote the whole field and double the quote: "${value.replace(/"/g, '""')}")` });
          skipLine();
          continue records;
        }
      }
      if (text[i] === ',') {
        i++;
        continue;
      }
      // a line break or the end of the text ends the record
      lineBreak();
      records.push({ line: start, fields });
      break;
    }
  }
  return { records, problems };
}
