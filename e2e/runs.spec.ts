// A researcher imports a model run for the demo project, reads the scoreboard, finds the response
// that came before its answer was knowable, and sees it on the video as the model had.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, expect, keys, openDemoVideo, playerState, test } from './support/fixtures';

test('a run imported, scored on the scoreboard, its early response found and shown on the video', async ({ page, tidemark }) => {
  test.setTimeout(120_000);
  await page.goto(tidemark.url);
  await expect(page.getByTestId('library-row')).toHaveCount(2); // the demo project is there
  const videos = await api<Array<{ id: string; name: string }>>(page, 'videos.list');
  const videoId = videos.find((v) => v.name === 'clock-test-pattern.mp4')!.id;
  const choice = { profileId: 'builtin:ovo-s-bench', answerKind: 'choice', taskCode: '1.1.1', options: { A: 'a red square', B: 'a blue circle', C: 'nothing', D: 'a clock' } };
  const ask = (text: string, time: number, answer: string, evidence: Array<[number, number]>) =>
    api<{ question: { id: string } }>(page, 'questions.create', { videoId, fields: { ...choice, text }, queryPoints: [{ time, answer, evidence }] });
  const first = (await ask('What is in the corner?', 6, 'D', [[2, 5]])).question.id;
  const second = (await ask('What appears last?', 12, 'D', [[9, 11]])).question.id;
  const run = join(tidemark.dataDir, 'gemini-run.jsonl');
  writeFileSync(
    run,
    [
      { model: 'gemini', item: first, t: 3, response: 'The answer is D.' }, // before the question is asked at 6 s (its evidence ends at 5 s)
      { model: 'gemini', item: second, t: 12, response: 'Answer: B' },
      { model: 'gemini', item: 'no-such-item', response: 'A' },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n'),
  );
  await page.reload(); // the questions made through the API are in the page's annotations
  await openDemoVideo(page, 'clock-test-pattern.mp4');

  // the Runs overlay: import, its report (the unmatched line named), the run listed with its lane on
  await keys(page, 'm');
  await expect(page.getByTestId('runs-overlay')).toBeVisible();
  await page.getByTestId('run-path').fill(run);
  await page.getByTestId('run-import').click();
  await expect(page.getByTestId('run-import-result')).toContainText('Imported gemini · gemini-run (2 responses) from 3 lines');
  await expect(page.getByTestId('run-import-result')).toContainText('gemini-run.jsonl:3:item: no question with id "no-such-item"');
  await expect(page.getByTestId('run-row')).toHaveCount(1);
  await expect(page.getByTestId('run-shown')).toBeChecked();

  // another tool's result file: StreamingBench's questions with a model's answers, matched by video and time
  const streaming = join(tidemark.dataDir, 'questions_real_output.json');
  const mcq = (question: string, time_stamp: string, answer: string) => ({
    task_type: 'Object Recognition',
    question,
    time_stamp,
    answer: 'D',
    options: ['A. a red square', 'B. a blue circle', 'C. nothing', 'D. a clock'],
    required_ability: 'perception',
    'gpt-4o': answer,
  });
  writeFileSync(
    streaming,
    JSON.stringify(
      [
        {
          video_path: './videos/clock-test-pattern.mp4',
          questions: [mcq('What is in the corner?', '00:00:06', 'D'), mcq('What appears last?', '00:00:12', 'D'), mcq('What is at 30 s?', '00:00:30', 'A')],
        },
      ],
      null,
      4,
    ),
  );
  await expect(page.getByTestId('run-model')).toHaveCount(0); // the Tidemark run JSONL names its models
  await page.getByTestId('run-format').selectOption('streamingbench-run');
  await expect(page.getByTestId('run-model')).toBeVisible();
  await page.getByTestId('run-model').fill('gpt-4o');
  await page.getByTestId('run-path').fill(streaming);
  await page.getByTestId('run-import').click();
  await expect(page.getByTestId('run-import-result')).toContainText('Imported gpt-4o · questions_real_output (2 responses) from 3 lines');
  await expect(page.getByTestId('run-import-result')).toContainText('questions_real_output.json:45:queryTime: no question of videos/clock-test-pattern.mp4 is asked at 30 s ± 0.5 s');
  if (process.env.TIDEMARK_SHOTS) await page.screenshot({ path: join(process.env.TIDEMARK_SHOTS, 'runs-import-format.png') });
  await expect(page.getByTestId('run-row')).toHaveCount(2);

  // the scoreboard: OVO-S accuracy as the paper computes it (one of two right; the StreamingBench run's both)
  await page.getByTestId('runs-tab-scoreboard').click();
  await page.getByTestId('score-profile').selectOption({ label: 'OVO-S-Bench' });
  await page.getByTestId('score-runs').click();
  // two tables: accuracy (the paper's macro over levels, the headline, first) and pooledAccuracy (what the release's score.py prints)
  await expect(page.getByTestId('scoreboard-row').filter({ hasText: 'gemini · gemini-run' })).toHaveCount(2);
  await expect(page.getByTestId('scoreboard-row').filter({ hasText: 'gemini · gemini-run' }).first()).toContainText('50.00');
  await expect(page.getByTestId('scoreboard-row').filter({ hasText: 'gpt-4o · questions_real_output' }).first()).toContainText('100.00');
  // by the release's rules (the default), then by the paper's: OVO-S's letters A–E, then the paper's A–G
  await expect(page.getByTestId('score-notes')).toContainText('(ovo-s-letter v');
  await page.getByTestId('score-rules').selectOption('paper');
  await page.getByTestId('score-runs').click();
  await expect(page.getByTestId('score-notes')).toContainText('(ovo-s-letter-paper v');
  await expect(page.getByTestId('scoreboard-row').filter({ hasText: 'gemini · gemini-run' }).first()).toContainText('50.00');

  // the early response: chosen, it is shown on the video where it came, with what it was read as
  await page.getByTestId('runs-tab-early').click();
  await expect(page.getByTestId('early-row')).toHaveCount(1);
  await expect(page.getByTestId('early-row')).toContainText('3.0 s early');
  await page.getByTestId('early-row').click();
  await expect(page.getByTestId('runs-overlay')).toHaveCount(0);
  await expect.poll(async () => Number((await playerState(page)).commandedTime)).toBe(3);
  await expect(page.getByTestId('question-editor')).toBeVisible(); // its question selected
  // the prefix-only view stops where the model answered: nothing after 3 s can be stepped to
  await keys(page, 'ArrowRight');
  await expect.poll(async () => Number((await playerState(page)).commandedTime)).toBe(3);
  await expect(page.getByTestId('response-text')).toHaveText('The answer is D.');
  await expect(page.getByTestId('response-verdict')).toContainText('early (before the window, or before its answer was knowable) · read as D');
  await expect(page.getByTestId('response-verdict')).toContainText('scored correct by the paper');
  await expect(page.getByTestId('response-verdict')).toContainText('3.0 s before the answer was knowable');
});

test("OVO-Bench on the scoreboard: the release's substring test with a strict column beside it, and the items the two score differently", async ({ page, tidemark }) => {
  test.setTimeout(120_000);
  await page.goto(tidemark.url);
  await expect(page.getByTestId('library-row')).toHaveCount(2);
  const videos = await api<Array<{ id: string; name: string }>>(page, 'videos.list');
  const videoId = videos.find((v) => v.name === 'clock-test-pattern.mp4')!.id;
  // the custom profile OVO-Bench's import makes: scoring knows it by its name
  const profile = await api<{ id: string; kind: string; name: string; rules: Record<string, unknown> }>(page, 'profiles.create', { name: 'OVO-Bench' });
  await api(page, 'profiles.update', {
    id: profile.id,
    definition: {
      kind: profile.kind,
      name: profile.name,
      rules: { ...profile.rules, answerKinds: ['choice'], denseCaptions: false },
      taxonomy: [{ code: 'Backward', name: 'Backward', children: [{ code: 'EPM', name: 'EPM' }] }],
    },
  });
  const options = { A: 'SING', B: 'SHOW DANCE', C: 'PLAY', D: 'SLEEP' };
  const ask = (text: string, time: number, answer: string) =>
    api<{ question: { id: string } }>(page, 'questions.create', {
      videoId,
      fields: { profileId: profile.id, answerKind: 'choice', taskCode: 'EPM', options, text },
      queryPoints: [{ time, answer, evidence: [[1, time - 1]] }],
    });
  const first = (await ask('What did they do first?', 6, 'C')).question.id;
  const second = (await ask('What did they do last?', 12, 'D')).question.id;
  const run = join(tidemark.dataDir, 'ovo-run.jsonl');
  writeFileSync(
    run,
    [
      { model: 'gemini', item: first, query: 0, t: 6, response: '(B) SHOW DANCE' },
      { model: 'gemini', item: second, query: 0, t: 12, response: 'D' },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n'),
  );
  await page.reload();
  await openDemoVideo(page, 'clock-test-pattern.mp4');
  await keys(page, 'm');
  await page.getByTestId('run-path').fill(run);
  await page.getByTestId('run-import').click();
  await expect(page.getByTestId('run-import-result')).toContainText('Imported gemini · ovo-run (2 responses)');

  await page.getByTestId('runs-tab-scoreboard').click();
  await page.getByTestId('score-profile').selectOption({ label: 'OVO-Bench' });
  await page.getByTestId('score-runs').click();
  // the release credits "(B) SHOW DANCE" for C (the C of DANCE); the strict column does not
  await expect(page.getByTestId('scoreboard-row')).toContainText('100.00');
  const beside = page.getByTestId('score-beside');
  await expect(beside.getByTestId('score-beside-table').locator('th')).toHaveText([
    'Run',
    'accuracy (release)',
    'accuracy (strict)',
    'accuracy (paper)',
    'items differing (strict)',
    'items differing (paper)',
  ]);
  await expect(page.getByTestId('score-beside-row').locator('td')).toHaveText(['gemini · ovo-run', '100.00', '50.00', '100.00', '1', '0']);
  await page.getByTestId('score-differences').locator('summary').click();
  await expect(page.getByTestId('score-differences').locator('summary')).toContainText('gemini · ovo-run: 1 item scored differently — choice answers read by strict-letter instead of substring');
  await expect(page.getByTestId('score-difference').locator('td')).toHaveText([
    /.+/,
    '0',
    '(B) SHOW DANCE',
    'C',
    'C · right ("C" occurs in the response)',
    'B · wrong (the label that opens the response)',
  ]);

  // scored by the paper's rules, the release's column is the one beside
  await page.getByTestId('score-rules').selectOption('paper');
  await page.getByTestId('score-runs').click();
  await expect(beside.getByTestId('score-beside-table').locator('th')).toHaveText([
    'Run',
    'accuracy (paper)',
    'accuracy (strict)',
    'accuracy (release)',
    'items differing (strict)',
    'items differing (release)',
  ]);
});
