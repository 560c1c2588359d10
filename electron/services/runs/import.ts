// Importing a run file: every line checked (a problem names file, line and field), each matched to
// a question and query point (a line that matches none is reported with the reason, not silently
// dropped), and the matched responses written in one edit — all of them or, if a line is bad and
// skipping was not asked for, none. A run is a model and a label (the line's "run", else the file
// name); a run the project already has is refused rather than mixed with the new one. Other tools'
// result files are read by their format (shared/runs/formats); a line that names no question id
// Tidemark knows is matched by its video and query time (matching.ts).
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { Caller } from '../../../shared/domain';
import { decodeText } from '../../../shared/formats/decode-text';
import { findRunFormat } from '../../../shared/runs/formats';
import type { RunLine } from '../../../shared/runs/run-file';
import type { ModelResponse, RunImportOutcome, RunProtocol } from '../../../shared/runs/types';
import { ServiceError } from '../errors';
import { phase, UNWATCHED, type JobControl } from '../jobs/registry';
import { Pacer } from '../pacer';
import type { Project } from '../projects/project';
import { DEFAULT_TOLERANCE, itemIndex } from './matching';

interface RunImportOptions {
  path: string;
  /** Import the good lines even when some are bad (they are reported either way). */
  skipInvalid?: boolean;
  protocol?: RunProtocol | null;
  /** The file's format (shared/runs/formats); the Tidemark run JSONL when not given. */
  format?: string;
  /** The model, for formats whose files do not name it (default: the file's name). */
  model?: string;
  /** How far (s) a line's query time may be from its query point's (default 0.5 s). */
  tolerance?: number;
}

const BATCH = 10_000;
const cancelledMessage = 'Import cancelled; nothing was written.';

export async function importRunFile(project: Project, caller: Caller, options: RunImportOptions, control: JobControl = UNWATCHED): Promise<RunImportOutcome> {
  if (!existsSync(options.path)) throw new ServiceError('not-found', `No file at ${options.path}.`);
  if (statSync(options.path).isDirectory()) throw new ServiceError('invalid-request', `${options.path} is a folder; name the run file.`);
  const format = findRunFormat(options.format ?? 'tidemark-run');
  if (!format) throw new ServiceError('invalid-request', `No run format "${options.format}".`);
  const file = basename(options.path);
  const decoded = decodeText(readFileSync(options.path), file);
  const reader = format.read(decoded.text, file, options.model ? { model: options.model } : {});
  while (!reader.step(BATCH)) await phase(control, 0.5 * reader.fraction, `Reading ${file}: ${Math.round(100 * reader.fraction)}%`, cancelledMessage);
  const read = reader.result();
  const unmatched = read.unmatched ?? [];
  const outcome: RunImportOutcome = {
    file,
    lines: read.lines.length + read.problems.length + unmatched.length,
    runs: [],
    unmatched: [...unmatched],
    notes: [],
    problems: [...decoded.problems, ...read.problems],
    refused: false,
  };
  if (outcome.problems.length > 0 && !options.skipInvalid) return { ...outcome, refused: true };

  await phase(control, 0.5, `Matching ${read.lines.length.toLocaleString('en')} responses to questions`, cancelledMessage);
  const defaultLabel = file.replace(/\.jsonl?$/i, '');
  const protocol = options.protocol ?? format.protocol;
  return project.edit(caller.person, `Import run ${file}`, async (w, tx) => {
    const index = await itemIndex(w, new Pacer());
    const runs = new Map<string, { id: string; model: string; label: string; responses: ModelResponse[] }>();
    for (const [i, line] of read.lines.entries()) {
      if (i % BATCH === 0) {
        control.progress(0.5 + (0.25 * i) / read.lines.length, `Matching ${read.lines.length.toLocaleString('en')} responses to questions: ${Math.round((100 * i) / read.lines.length)}%`);
        stopIfCancelled(control);
      }
      const match = await index.match(line, options.tolerance ?? DEFAULT_TOLERANCE);
      if (!('matched' in match)) {
        outcome.unmatched.push({ file, line: line.line, field: match.field, reason: match.reason });
        continue;
      }
      if (match.note) outcome.notes.push({ file, line: line.line, field: 'item', reason: match.note });
      const run = runFor(runs, line, defaultLabel);
      run.responses.push(responseOf(run.id, match.matched.question.id, { ...line, query: match.query }));
      // the pacer yields once its slice has run; asking on every line keeps each slice short
      await tx.pace();
    }
    outcome.unmatched.sort((a, b) => a.line - b.line);
    const now = new Date().toISOString();
    for (const run of runs.values()) {
      if (await w.runs.hasRunNamed(run.model, run.label))
        throw new ServiceError('conflict', `The project already has the run "${run.label}" of ${run.model}; remove it first (Runs), or label this one differently ("run" in each line).`);
      await w.runs.addRun({ id: run.id, model: run.model, label: run.label, source: file, protocol, settings: {}, createdBy: caller.person, createdAt: now });
      for (const [i, response] of run.responses.entries()) {
        await w.runs.addResponse(response);
        if (i % BATCH === 0) {
          control.progress(0.75 + (0.25 * i) / Math.max(1, run.responses.length), `Writing the responses of ${run.model}`);
          stopIfCancelled(control);
        }
        await tx.pace();
      }
      outcome.runs.push({ model: run.model, label: run.label, responses: run.responses.length });
    }
    return outcome;
  });
}

/** Throwing inside the edit writes nothing of it. */
function stopIfCancelled(control: JobControl): void {
  if (control.signal.aborted) throw new DOMException(cancelledMessage, 'AbortError');
}

function runFor(runs: Map<string, { id: string; model: string; label: string; responses: ModelResponse[] }>, line: RunLine, defaultLabel: string) {
  const label = line.run ?? defaultLabel;
  const key = `${line.model}\u0000${label}`;
  let run = runs.get(key);
  if (!run) runs.set(key, (run = { id: randomUUID(), model: line.model, label, responses: [] }));
  return run;
}

const responseOf = (runId: string, questionId: string, line: RunLine): ModelResponse => ({
  id: randomUUID(),
  runId,
  questionId,
  query: line.query,
  t: line.t ?? null,
  text: line.response,
  latency: line.latency ?? null,
  ...(line.frames ? { frames: line.frames } : {}),
  ...(line.meta !== undefined ? { meta: line.meta } : {}),
});
