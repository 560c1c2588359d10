// Tidemark JSONL: the project's benchmark data, lossless — one line per stored row (profiles, videos,
// marks, questions with their provenance, query points, reviews), in storage order, each checked on the way
// in. Export → import into a fresh project → export gives the same bytes.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { z } from 'zod';
import type { Caller } from '../../../shared/domain';
import { fieldPath, readJsonLines, type Problem } from '../../../shared/formats/json-text';
import { markDataSchemas, markTypes } from '../../../shared/marks';
import { profileDefinitionSchema } from '../../../shared/profiles';
import { queryPointFieldsSchema, questionFieldsSchema } from '../../../shared/questions';
import { reviewFieldsSchema } from '../../../shared/reviews';
import { edit, type EditableTable } from '../annotation/edit-log';
import { ServiceError } from '../errors';
import type { Project } from '../project';

const text = z.string();
const real = z.number().finite();
const json = <T extends z.ZodType>(schema: T) =>
  z.string().transform((s, ctx) => {
    try {
      const parsed = schema.safeParse(JSON.parse(s));
      if (parsed.success) return s;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: `${fieldPath(issue.path) || 'value'}: ${issue.message}` });
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not valid JSON' });
    }
    return z.NEVER;
  });

/** Every column of every exported table, typed as SQLite stores it; JSON columns are checked too. */
const ROW_SCHEMAS = {
  profiles: z.object({ id: text, kind: text, name: text, definition: json(profileDefinitionSchema), builtin: z.union([z.literal(0), z.literal(1)]) }).strict(),
  videos: z
    .object({
      id: text, name: text, rel_path: text, fingerprint: text, file_size: z.number().int().min(0), duration: real, fps: real, fps_rational: text,
      variable_fps: z.union([z.literal(0), z.literal(1)]), width: z.number().int(), height: z.number().int(), codec: text, audio_codec: text.nullable(),
      container: text, source_dataset: text.nullable(), licence_note: text.nullable(), segment_offset: real, tags: json(z.array(z.string())), added_at: text,
    })
    .strict(),
  marks: z
    .object({ id: text, video_id: text, type: z.enum(markTypes), start: real, end: real.nullable(), target: text, data: text })
    .strict()
    .superRefine((row, ctx) => {
      try {
        const parsed = markDataSchemas[row.type].safeParse(JSON.parse(row.data));
        if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['data'], message: `${fieldPath(parsed.error.issues[0]!.path)}: ${parsed.error.issues[0]!.message}` });
      } catch {
        ctx.addIssue({ code: 'custom', path: ['data'], message: 'not valid JSON' });
      }
    }),
  questions: z
    .object({ id: text, video_id: text, profile_id: text, fields: json(questionFieldsSchema.omit({ profileId: true })), provenance: json(z.record(z.string(), z.enum(['human', 'model', 'edited']))), created_by: text, created_at: text, updated_at: text })
    .strict(),
  query_points: z.object({ id: text, question_id: text, time: real, fields: json(queryPointFieldsSchema.omit({ time: true })) }).strict(),
  reviews: z.object({ id: text, question_id: text, reviewer: text, fields: json(reviewFieldsSchema), created_at: text, updated_at: text }).strict(),
} satisfies Partial<Record<EditableTable, z.ZodType>>;

type ExportedTable = keyof typeof ROW_SCHEMAS;
/** Parents before children, so foreign keys hold while importing in file order. */
const TABLE_ORDER: readonly ExportedTable[] = ['profiles', 'videos', 'marks', 'questions', 'query_points', 'reviews'];

const lineSchema = z.discriminatedUnion('table', [
  z.object({ tidemark: z.literal(1), table: z.literal('project'), name: z.string() }).strict(),
  ...TABLE_ORDER.map((table) => z.object({ table: z.literal(table), row: ROW_SCHEMAS[table] }).strict()),
] as unknown as [z.ZodObject<{ table: z.ZodLiteral<string> }>]);

export function exportTidemarkJsonl(project: Project): { text: string; rows: number } {
  const lines = [JSON.stringify({ tidemark: 1, table: 'project', name: project.name })];
  for (const table of TABLE_ORDER) {
    for (const row of project.db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all()) lines.push(JSON.stringify({ table, row }));
  }
  return { text: `${lines.join('\n')}\n`, rows: lines.length - 1 };
}

export interface TidemarkImportOutcome {
  file: string;
  rows: number;
  imported: number;
  problems: Problem[];
  refused: boolean;
}

/**
 * Reads a Tidemark JSONL file into a project in one transaction (one undo step). Built-in profiles
 * already present are skipped; any other row whose id (or video fingerprint) the project already
 * has is a problem, as is every malformed line — and then nothing is written, unless skipInvalid.
 */
export function importTidemarkJsonl(project: Project, caller: Caller, path: string, options: { skipInvalid?: boolean } = {}): TidemarkImportOutcome {
  const file = basename(path);
  const { lines, problems } = readJsonLines(readFileSync(path, 'utf8'), file);
  const rows: Array<{ line: number; table: ExportedTable; row: Record<string, string | number | null> }> = [];
  let header: string | null = null;
  for (const { line, value } of lines) {
    const parsed = lineSchema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push({ file, line, field: fieldPath(issue.path), reason: issue.message });
      continue;
    }
    const entry = parsed.data as { table: string; row?: Record<string, string | number | null> };
    if (entry.table === 'project') header = (entry as unknown as { name: string }).name;
    else rows.push({ line, table: entry.table as ExportedTable, row: entry.row! });
  }
  if (header === null && lines.length > 0) problems.push({ file, line: lines[0]!.line, field: '', reason: 'not a Tidemark JSONL file (the first line names the project)' });

  const exists = (table: ExportedTable, key: string): boolean => Boolean(project.db.prepare(`SELECT 1 FROM ${table} WHERE id = ?`).get(key));
  const fresh = rows.filter(({ line, table, row }) => {
    if (table === 'profiles' && row.builtin === 1 && exists('profiles', String(row.id))) return false;
    if (exists(table, String(row.id))) {
      problems.push({ file, line, field: 'row.id', reason: `${table.replace('_', ' ')} ${row.id} is already in this project` });
      return false;
    }
    if (table === 'videos' && project.db.prepare('SELECT 1 FROM videos WHERE fingerprint = ?').get(row.fingerprint)) {
      problems.push({ file, line, field: 'row.fingerprint', reason: `the project already has this video (${row.name})` });
      return false;
    }
    return true;
  });
  const outcome: TidemarkImportOutcome = { file, rows: rows.length, imported: 0, problems: problems.sort((a, b) => a.line - b.line), refused: false };
  if (problems.length > 0 && !options.skipInvalid) return { ...outcome, refused: true };
  try {
    edit(project.db, caller.person, `Import ${file}`, (tx) => {
      // every row was checked to be new above
      for (const { table, row } of fresh) {
        tx.insert(table, row);
        outcome.imported++;
      }
    });
  } catch (error) {
    // a row pointing at a parent the file does not carry (a foreign key) fails the whole import
    throw new ServiceError('invalid-request', `${file}: ${(error as Error).message}; nothing was imported.`);
  }
  // a project made for the import takes the exported project's name
  if (header !== null && project.getMeta('name') === null) project.setMeta('name', header);
  return outcome;
}
