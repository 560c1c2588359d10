// Tidemark JSONL: the project's benchmark data, lossless — one line per stored row (profiles, videos,
// marks, questions with their provenance, query points, and the review workflow: people, guideline
// versions, rounds and assignments, reviews, adjudications; model drafts; model runs and their
// responses, and the judge's judgments of them), in storage order, each checked on the way
// in. Export → import into a fresh project → export gives the same bytes.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { z } from 'zod';
import type { Caller } from '../../../shared/domain';
import { fieldPath, type Problem } from '../../../shared/formats/problems';
import { readJsonLines } from '../../../shared/formats/json-lines';
import { markDataSchemas, markTypes } from '../../../shared/marks';
import { profileDefinitionSchema } from '../../../shared/profiles';
import { fieldProvenances, queryPointFieldsSchema, questionFieldsSchema } from '../../../shared/questions';
import { reviewFieldsSchema } from '../../../shared/reviews';
import { draftKinds, draftProvenanceSchema, draftStatuses } from '../../../shared/drafting/drafts';
import { responseExtraSchema, runFieldsSchema } from '../../../shared/runs/types';
import { adjudicationFieldsSchema, guidelineFieldsSchema, personRoles, roundFieldsSchema } from '../../../shared/review/types';
import { visibleRows } from '../annotation/policy';
import { judgmentFieldsSchema } from '../runs/store';
import { PARENT_FIRST, type EditableTable } from '../db/edit-log';
import { RowClash, type StoredRow } from './store';
import { LineParts } from '../files/text-parts';
import { Pacer } from '../pacer';
import { ServiceError } from '../errors';
import type { Project } from '../projects/project';

// What a project keeps on either engine (a team server's PostgreSQL cannot hold more): text without
// U+0000 — but for a judgment's key (people's keys use it) and a model's response, kept escaped
// there — and whole numbers of INTEGER columns within 32 bits.
const text = z.string().refine((s) => !s.includes('\u0000'), 'holds the character U+0000, which a project does not keep');
const anyText = z.string();
const int32 = z
  .number()
  .int()
  .max(2 ** 31 - 1);
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
      id: text,
      name: text,
      rel_path: text,
      fingerprint: text.nullable(),
      file_size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      duration: real.nullable(),
      fps: real,
      fps_rational: text,
      variable_fps: z.union([z.literal(0), z.literal(1)]),
      width: int32.min(-(2 ** 31)),
      height: int32.min(-(2 ** 31)),
      codec: text,
      audio_codec: text.nullable(),
      container: text,
      source_dataset: text.nullable(),
      licence_note: text.nullable(),
      segment_offset: real,
      tags: json(z.array(z.string())),
      added_at: text,
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
    .object({
      id: text,
      video_id: text,
      profile_id: text,
      fields: json(questionFieldsSchema.omit({ profileId: true })),
      provenance: json(z.record(z.string(), z.enum(fieldProvenances))),
      created_by: text,
      created_at: text,
      updated_at: text,
    })
    .strict(),
  query_points: z.object({ id: text, question_id: text, time: real, fields: json(queryPointFieldsSchema.omit({ time: true })) }).strict(),
  reviews: z.object({ id: text, question_id: text, reviewer: text, fields: json(reviewFieldsSchema), created_at: text, updated_at: text }).strict(),
  people: z.object({ id: text, name: text, roles: json(z.array(z.enum(personRoles))), created_at: text }).strict(),
  guidelines: z.object({ id: text, version: text, fields: json(guidelineFieldsSchema.omit({ version: true })), created_by: text, created_at: text }).strict(),
  review_rounds: z.object({ id: text, number: int32.min(1), fields: json(roundFieldsSchema), created_by: text, created_at: text }).strict(),
  review_assignments: z.object({ id: text, round_id: text, question_id: text, reviewer: text }).strict(),
  adjudications: z.object({ id: text, question_id: text, adjudicator: text, fields: json(adjudicationFieldsSchema), created_at: text }).strict(),
  drafts: z
    .object({
      id: text,
      video_id: text,
      kind: z.enum(draftKinds),
      target: text,
      at: real,
      made_id: text.nullable(),
      status: z.enum(draftStatuses),
      fields: json(draftProvenanceSchema),
      created_at: text,
      decided_by: text.nullable(),
      decided_at: text.nullable(),
    })
    .strict(),
  runs: z.object({ id: text, model: text, label: text, fields: json(runFieldsSchema), created_by: text, created_at: text }).strict(),
  responses: z
    .object({ id: text, run_id: text, question_id: text, query: int32.min(0), t: real.nullable(), text: anyText, latency: real.nullable(), extra: json(responseExtraSchema).nullable() })
    .strict(),
  judgments: z.object({ id: text, key: anyText, repeat: int32.min(0), score: real, verdict: z.enum(['yes', 'no']).nullable(), fields: json(judgmentFieldsSchema), created_at: text }).strict(),
} satisfies Partial<Record<EditableTable, z.ZodType>>;

type ExportedTable = keyof typeof ROW_SCHEMAS;
/** Parents before children (as the edit log orders them), so foreign keys hold while importing in file order. */
const TABLE_ORDER = PARENT_FIRST.filter((table): table is ExportedTable => table in ROW_SCHEMAS);

const lineSchema = z.discriminatedUnion('table', [
  z.object({ tidemark: z.literal(1), table: z.literal('project'), name: z.string() }).strict(),
  ...TABLE_ORDER.map((table) => z.object({ table: z.literal(table), row: ROW_SCHEMAS[table] }).strict()),
] as unknown as [z.ZodObject<{ table: z.ZodLiteral<string> }>]);

/** Every stored row the caller may see, in storage order, a line each. */
export async function exportTidemarkJsonl(project: Project, caller: Caller): Promise<{ parts: string[]; rows: number }> {
  const lines = new LineParts();
  lines.push(JSON.stringify({ tidemark: 1, table: 'project', name: project.name }));
  let rows = 0;
  const pacer = new Pacer();
  // one consistent state, read a row at a time on a connection of its own
  await project.snapshot(async (stores) => {
    const visible = await visibleRows(stores, caller);
    for (const table of TABLE_ORDER) {
      for await (const row of stores.exchange.scan(table)) {
        if (!visible(table, row)) continue;
        lines.push(JSON.stringify({ table, row }));
        rows++;
        await pacer.pace();
      }
    }
  });
  return { parts: lines.done(), rows };
}

interface TidemarkImportOutcome {
  file: string;
  rows: number;
  imported: number;
  /** Of the rows imported, how many were questions and marks (what people count). */
  importedQuestions: number;
  importedMarks: number;
  /** Rows the project already has exactly as the file has them (a re-import): skipped. */
  alreadyPresent: number;
  problems: Problem[];
  refused: boolean;
}

/** The parent each child row needs, by column: in the project already, or earlier in the file. */
const PARENTS: Partial<Record<ExportedTable, Array<[column: string, parent: ExportedTable]>>> = {
  marks: [['video_id', 'videos']],
  questions: [
    ['video_id', 'videos'],
    ['profile_id', 'profiles'],
  ],
  query_points: [['question_id', 'questions']],
  reviews: [['question_id', 'questions']],
  review_assignments: [
    ['round_id', 'review_rounds'],
    ['question_id', 'questions'],
  ],
  adjudications: [['question_id', 'questions']],
  drafts: [['video_id', 'videos']],
  responses: [
    ['run_id', 'runs'],
    ['question_id', 'questions'],
  ],
};

/** Who works and how the review goes: rows only a lead may bring in (a person listed as lead could then be signed in as). */
const LEAD_ONLY: ReadonlySet<ExportedTable> = new Set(['people', 'guidelines', 'review_rounds', 'review_assignments', 'reviews', 'adjudications']);

/** Columns besides the id that no two rows share (the same video file; a person's name; a guideline version; a round's number). */
const UNIQUE: Partial<Record<ExportedTable, string>> = { videos: 'fingerprint', people: 'name', guidelines: 'version', review_rounds: 'number' };

/**
 * Reads a Tidemark JSONL file into a project in one transaction (one undo step). Rows the project
 * already has, identical, are counted and skipped (re-importing a backup changes nothing); a row
 * whose id the project has with other content, a second row with one id, a row whose parent is
 * nowhere, and every malformed line are problems naming their line — and then nothing is
 * written, unless skipInvalid.
 */
export async function importTidemarkJsonl(
  project: Project,
  caller: Caller,
  path: string,
  /** `peopleByName`: a person the project lists already under the same name is that person (a push into a team project, whose members it lists). */
  options: { skipInvalid?: boolean; text?: string; peopleByName?: boolean } = {},
): Promise<TidemarkImportOutcome> {
  const file = basename(path);
  const { lines, problems } = readJsonLines(options.text ?? readFileSync(path, 'utf8'), file);
  const rows: Array<{ line: number; table: ExportedTable; row: StoredRow }> = [];
  let header: string | null = null;
  const pacer = new Pacer();
  for (const { line, value } of lines) {
    await pacer.pace();
    const parsed = lineSchema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push({ file, line, field: fieldPath(issue.path), reason: issue.message });
      continue;
    }
    const entry = parsed.data as { table: string; row?: StoredRow };
    if (entry.table === 'project') header = (entry as unknown as { name: string }).name;
    else rows.push({ line, table: entry.table as ExportedTable, row: entry.row! });
  }
  if (header === null && lines.length > 0) problems.push({ file, line: lines[0]!.line, field: '', reason: 'not a Tidemark JSONL file (the first line names the project)' });

  const store = project.stores.exchange;
  const stored = (table: ExportedTable, key: string): Promise<StoredRow | null> => store.row(table, key);
  const seen = new Map<string, number>();
  const uniques = new Map<string, number>();
  let alreadyPresent = 0;
  const fresh: typeof rows = [];
  const check = async ({ line, table, row }: (typeof rows)[number]): Promise<boolean> => {
    if (LEAD_ONLY.has(table) && caller.role !== 'lead') {
      problems.push({ file, line, field: 'table', reason: `only a lead imports people, guidelines, review rounds, reviews and adjudications (you are working as ${caller.role})` });
      return false;
    }
    const id = String(row.id);
    const first = seen.get(`${table}\u0000${id}`);
    if (first !== undefined) {
      problems.push({ file, line, field: 'row.id', reason: `${table.replace('_', ' ')} ${id} appears twice (first on line ${first})` });
      return false;
    }
    seen.set(`${table}\u0000${id}`, line);
    const existing = await stored(table, id);
    if (existing) {
      if (JSON.stringify(existing) === JSON.stringify(row) || (table === 'profiles' && row.builtin === 1)) {
        alreadyPresent++;
        return false;
      }
      problems.push({ file, line, field: 'row.id', reason: `${table.replace('_', ' ')} ${id} is already in this project with other content` });
      return false;
    }
    const unique = UNIQUE[table];
    if (unique && row[unique] !== null) {
      const value = row[unique]!;
      const twin = await store.rowWhere(table, unique, value);
      const earlier = uniques.get(`${table}\u0000${value}`);
      if (twin && table === 'people' && options.peopleByName) {
        alreadyPresent++;
        return false;
      }
      if (twin || earlier !== undefined) {
        const what = table === 'videos' ? 'video' : `${unique} ${String(value)}`;
        problems.push({ file, line, field: `row.${unique}`, reason: twin ? `the project already has this ${what} (${String(twin.name ?? twin.id)})` : `the same ${what} as line ${earlier}` });
        return false;
      }
      uniques.set(`${table}\u0000${value}`, line);
    }
    for (const [column, parent] of PARENTS[table] ?? []) {
      const parentId = String(row[column]);
      if (!seen.has(`${parent}\u0000${parentId}`) && !(await stored(parent, parentId))) {
        problems.push({ file, line, field: `row.${column}`, reason: `no ${parent.replace('_', ' ').replace(/s$/, '')} ${parentId} in the file (before this line) or the project` });
        return false;
      }
    }
    return true;
  };
  for (const entry of rows) {
    if (await check(entry)) fresh.push(entry);
    await pacer.pace();
  }
  const outcome: TidemarkImportOutcome = {
    file,
    rows: rows.length,
    imported: 0,
    importedQuestions: 0,
    importedMarks: 0,
    alreadyPresent,
    problems: problems.sort((a, b) => a.line - b.line),
    refused: false,
  };
  if (problems.length > 0 && !options.skipInvalid) return { ...outcome, refused: true };
  // with skipInvalid, a skipped parent takes its children with it
  const kept = new Set(fresh);
  const skipped = new Set<string>();
  for (const r of rows) {
    if (!kept.has(r) && !(await stored(r.table, String(r.row.id)))) skipped.add(`${r.table}\u0000${r.row.id}`);
    await pacer.pace();
  }
  const writable = fresh.filter(({ table, row }) => !(PARENTS[table] ?? []).some(([column, parent]) => skipped.has(`${parent}\u0000${row[column]}`)));
  if (writable.length > 0) {
    try {
      await project.edit(caller.person, `Import ${file}`, async (w, tx) => {
        // every row was checked above: new, once, with its parents
        for (const { table, row } of writable) {
          await w.exchange.addRow(table, row);
          outcome.imported++;
          if (table === 'questions') outcome.importedQuestions++;
          if (table === 'marks') outcome.importedMarks++;
          await tx.pace();
        }
        await w.exchange.flushRows();
      });
    } catch (error) {
      // the checks ran before the edit's turn came: a row that clashes now arrived meanwhile
      if (error instanceof RowClash) throw new ServiceError('conflict', `${file}: the project changed while it was being imported (${(error as Error).message}); nothing was imported.`);
      throw error;
    }
  }
  // a project made for the import takes the exported project's name
  if (header !== null && !project.named) await project.rename(header);
  return outcome;
}
