// An item is checked against the very schemas the project stores it with (questions, query points,
// marks), on the rows it will be stored as, when it is read: a field too long or out of range is then
// a problem of its record, located like any other, and an item that reaches an import cannot fail in
// it. The import need not parse these rows again.
import { markInputSchema } from '../marks';
import { queryPointFieldsSchema, questionFieldsSchema } from '../questions';
import type { ExchangeItem, FieldPath } from './items';
import { compiledSchema } from './compiled';
import { fieldIssues, type FieldIssue } from './issues';
import { itemToRows, type ProjectRows } from './project-items';

/**
 * A stored point keeps the text of each time beside it (`timeTexts.time`); a stored mark keeps its
 * edges' texts in `data.sourceText`. Their problems are the time's own: fold those paths onto it.
 */
function pointPath(path: FieldPath): FieldPath {
  return path[0] === 'timeTexts' ? path.slice(1) : path;
}
function markPath(path: FieldPath): FieldPath {
  return path[0] === 'data' && path[1] === 'sourceText' ? path.slice(2) : path;
}

/**
 * What is wrong with an item as the project would store it, by item path: ["question", "text"],
 * ["points", 0, "time"], ["points", 0, "evidence", 0, 1], ["marks", 3, "data", "text"]. Empty when
 * it can be stored.
 */
export function itemIssues(item: ExchangeItem): FieldIssue[] {
  return checkedRows(item).issues;
}

/** The rows an item is stored as, and what is wrong with them: an import stores the very rows checked here. */
export function checkedRows(item: ExchangeItem): { rows: ProjectRows; issues: FieldIssue[] } {
  const rows = itemToRows(item);
  const issues: FieldIssue[] = [];
  const question = compiledSchema(questionFieldsSchema).safeParse({ ...rows.fields, profileId: item.profile });
  if (!question.success) for (const i of fieldIssues(question.error.issues)) issues.push({ path: ['question', ...i.path], reason: i.reason });
  rows.points.forEach((point, n) => {
    const parsed = compiledSchema(queryPointFieldsSchema).safeParse(point);
    if (!parsed.success) for (const i of fieldIssues(parsed.error.issues)) issues.push({ path: ['points', n, ...pointPath(i.path)], reason: i.reason });
  });
  rows.marks.forEach((mark, n) => {
    const parsed = compiledSchema(markInputSchema).safeParse(mark);
    if (!parsed.success) for (const i of fieldIssues(parsed.error.issues)) issues.push({ path: ['marks', n, ...markPath(i.path)], reason: i.reason });
  });
  return { rows, issues };
}
