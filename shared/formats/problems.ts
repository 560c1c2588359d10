// A problem in a file a person gave, located by file, line and field. It describes a fault without
// quoting the file: the file may be any a person picked (/etc/shadow), and problems end up in logs and
// on screen.

export interface Problem {
  file: string;
  /** 1-based line; 0 when the problem is about the whole file. */
  line: number;
  /** JSON path inside the record ("query_points.time[2]"), '' for the record itself. */
  field: string;
  reason: string;
}

export function formatProblem(p: Problem): string {
  return `${p.file}:${p.line}${p.field ? `:${p.field}` : ''}: ${p.reason}`;
}

/** A zod issue path as a field name: ["query_points", "time", 2] → "query_points.time[2]". */
export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((acc, part) => (typeof part === 'number' ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)), '');
}
