// OVO-S's text-only shortcut probe (§E.5.1): each item's question and options sent with no video at
// all, N times. An item the model answers right at least half the time is flagged "answerable without
// video" (a lint, with the rate): its wording gives the answer away. Only items with one answer to
// compare against are probed — choice, yes/no and number answers (free text would need a judge).
import { z } from 'zod';
import type { Caller } from '../../../shared/domain';
import { groupBy } from '../../../shared/collections';
import { answersMatch, shortcutRate } from '../../../shared/drafting/probe-answers';
import type { DraftOutcome, ProbeRun } from '../../../shared/drafting/runs';
import type { Question } from '../../../shared/questions';
import type { Project } from '../projects/project';
import type { DraftSession } from '../llm/session';

const PROBE_PROMPT = {
  template: 'text-only-probe',
  version: 1,
  system: 'Answer the question. You are not shown the video it is about; answer as well as you can anyway.',
} as const;

const probeSchema = z.object({ answer: z.string().trim().max(200) }).strict();

function promptText(q: Question): string {
  const options = Object.entries(q.options).map(([l, o]) => `${l}. ${o}`);
  const how = q.answerKind === 'choice' ? 'Answer with the option letter only.' : q.answerKind === 'yesno' ? 'Answer yes or no.' : 'Answer with a number only.';
  return [q.text, ...options, how].join('\n');
}

export const probePromptChars = (q: Question): number => PROBE_PROMPT.system.length + promptText(q).length;

/** The questions a probe can check, each with the one answer it is compared with. */
export async function probeItems(project: Project, run: ProbeRun): Promise<{ items: Array<{ question: Question; answer: string | number }>; skipped: number }> {
  const store = project.stores.annotation;
  const questions = run.profileId === null ? await store.allQuestions() : await store.questionsOfProfile(run.profileId);
  const pointsOf = groupBy(await store.queryPointsOfQuestions(questions.map((q) => q.id)), (p) => p.questionId);
  const items: Array<{ question: Question; answer: string | number }> = [];
  let skipped = 0;
  for (const question of questions) {
    const answers = new Set((pointsOf.get(question.id) ?? []).map((p) => p.answer).filter((a) => a !== null && a !== ''));
    if (question.answerKind === 'text' || question.text.trim() === '' || answers.size !== 1) skipped++;
    else items.push({ question, answer: [...answers][0]! });
  }
  return { items, skipped };
}

export async function probeWithoutVideo(project: Project, caller: Caller, session: DraftSession, run: ProbeRun, estimateUsd: (q: Question) => number): Promise<DraftOutcome> {
  const { items, skipped } = await probeItems(project, run);
  session.outcome.skipped = skipped;
  return session.each(
    items,
    session.endpoint.settings.concurrency,
    (done, total) => `Probed ${done} of ${total} questions`,
    async ({ question, answer }) => {
      const answers: string[] = [];
      for (let r = 0; r < run.repeats; r++) {
        const reply = await session.ask(PROBE_PROMPT, { text: promptText(question) }, probeSchema, 'answer', estimateUsd(question));
        if (!reply) return; // stopped: an item is recorded only when all its repeats ran
        answers.push(reply.ok ? reply.value.answer : '');
      }
      const correct = answers.filter((a) => answersMatch(question.answerKind, a, answer)).length;
      const at = new Date().toISOString();
      await project.edit(caller.person, 'Text-only probe', async ({ annotation: w }) => {
        const current = await w.question(question.id);
        if (!current) return; // deleted meanwhile
        // a check, not a drafted field: the question's provenance is left as it is
        const modelChecks = { cutoff: current.modelChecks?.cutoff ?? null, textOnly: { correct, repeats: run.repeats, answers, model: session.endpoint.model, at } };
        await w.putQuestion({ ...current, modelChecks });
      });
      session.outcome.drafted++;
      if (shortcutRate({ cutoff: null, textOnly: { correct, repeats: run.repeats, answers, model: '', at } }) !== null) session.outcome.flagged++;
    },
  );
}
