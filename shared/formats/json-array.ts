/**
 * Where each element of a top-level array starts (offset and line), for documents that are one JSON
 * array (PhoStream, RTV-Bench): problems inside element i are located from there.
 */
export function arrayElementStarts(text: string): Array<{ offset: number; line: number }> {
  const starts: Array<{ offset: number; line: number }> = [];
  let depth = 0;
  let line = 1;
  let inString = false;
  let escaped = false;
  let expectingElement = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') line++;
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (depth === 1 && expectingElement && c !== ' ' && c !== '\n' && c !== '\r' && c !== '\t' && c !== ']') {
      starts.push({ offset: i, line });
      expectingElement = false;
    }
    if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      depth++;
      if (depth === 1 && c === '[') expectingElement = true;
    } else if (c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 1) expectingElement = true;
  }
  return starts;
}
