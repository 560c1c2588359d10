import type { Page } from '@playwright/test';
import { api, becomes, colourQuestion, expect, playerState, reviewTeam, signIn, test } from './support/fixtures';

/** The author's answer to the text question: it must never be on a blind reviewer's page. */
const AUTHOR_ANSWER = 'crimson-sentinel-square';

async function openReview(page: Page, tab: string): Promise<void> {
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('r');
  await expect(page.getByTestId('review-overlay')).toBeVisible();
  await page.getByTestId(`review-tab-${tab}`).click();
}

/** Who the page says nothing about: the visible text and every form value. */
async function pageText(page: Page): Promise<string> {
  const text = await page.locator('body').innerText();
  const values = await page.locator('input, textarea, select').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value).join('\n'));
  return `${text}\n${values}`;
}

test('a lead runs a round: people, a round, a blind review that disagrees, adjudication on the video, the report', async ({ page, tidemark }, testInfo) => {
  test.setTimeout(180_000);
  await page.goto(tidemark.url);
  await expect(page.getByTestId('library-row')).toHaveCount(2);
  await page.locator('[data-video-name="counting-objects.mp4"]').click();
  await expect(page.getByTestId('timecode')).toBeVisible();

  // the lead names themselves and adds the people of the review
  await becomes(page, 'Lee', 'lead');
  await openReview(page, 'people');
  for (const [name, role] of [
    ['Lee', 'lead'],
    ['Ann', 'annotator'],
    ['Rita', 'reviewer'],
    ['Ada', 'adjudicator'],
  ] as const) {
    await page.getByTestId('person-name').fill(name);
    for (const r of ['reviewer', 'annotator', 'adjudicator', 'lead']) await page.getByTestId(`person-role-${r}`).setChecked(r === role);
    await page.getByTestId('person-save').click();
    await expect(page.getByTestId('person-row').filter({ hasText: name })).toHaveCount(1);
  }
  await page.keyboard.press('Escape');

  // Ann writes four questions on the demo video (through the API): three choices and a text answer
  await becomes(page, 'Ann', 'annotator');
  const videos = await api<Array<{ id: string; name: string }>>(page, 'videos.list');
  const videoId = videos.find((v) => v.name === 'counting-objects.mp4')!.id;
  const choice = (text: string, time: number, answer: string) => ({
    videoId,
    fields: { profileId: 'builtin:ovo-s-bench', taskCode: '1.1.1', text, answerKind: 'choice', options: { A: 'two', B: 'three', C: 'four' }, status: 'ready' },
    queryPoints: [{ time, answer, evidence: [[time - 2, time - 1]] }],
  });
  await api(page, 'questions.create', colourQuestion(videoId, AUTHOR_ANSWER));
  await api(page, 'questions.create', choice('How many squares are on screen?', 6, 'A'));
  await api(page, 'questions.create', choice('How many squares were there before the cut?', 9, 'B'));
  await api(page, 'questions.create', choice('How many squares after the second cut?', 17, 'C'));

  // the lead opens a round on the demo project, with a live preview
  await becomes(page, 'Lee', 'lead');
  await openReview(page, 'rounds');
  await page.getByTestId('round-name').fill('First round');
  await page.getByTestId('round-reviewers').locator('input[data-value="Rita"]').check();
  await expect(page.getByTestId('round-preview')).toContainText('4 questions');
  await page.getByTestId('round-sample').check();
  await page.getByTestId('round-sample-size').fill('4');
  const seed = await page.getByTestId('round-seed').textContent();
  await page.getByTestId('round-redraw').click();
  await expect(page.getByTestId('round-seed')).not.toHaveText(seed ?? '');
  await expect(page.getByTestId('round-preview')).toContainText('4 questions');
  await page.getByTestId('round-open').click();
  await expect(page.getByTestId('round-card')).toHaveCount(1);
  await expect(page.getByTestId('funnel-numbers')).toContainText('4 items · 0 reviewed');
  await page.screenshot({ path: testInfo.outputPath('1-rounds.png') });
  await page.keyboard.press('Escape');

  // the reviewer sees their queue — and nowhere the author's answer
  await becomes(page, 'Rita', 'reviewer');
  await openReview(page, 'queue');
  await expect(page.getByTestId('queue-item')).toHaveCount(4);
  await expect(page.getByTestId('review-overlay')).toContainText('0/4');
  expect(await pageText(page)).not.toContain(AUTHOR_ANSWER);
  await page.screenshot({ path: testInfo.outputPath('2-queue.png') });

  // the text item: opened beside the video at its query time, answered blind, disagreeing
  await page.getByTestId('queue-item').filter({ hasText: 'What colour' }).press('Enter');
  await expect(page.getByTestId('review-panel')).toBeVisible();
  await expect(page.getByTestId('review-overlay')).toHaveCount(0);
  await expect(page.getByTestId('review-question')).toHaveText('What colour is the square that enters first?');
  await expect.poll(async () => Number((await playerState(page)).commandedTime)).toBe(5);
  await page.keyboard.press('2'); // the questions list would be behind the panel; nothing of it shows
  expect(await pageText(page)).not.toContain(AUTHOR_ANSWER);
  await page.getByTestId('review-answer').fill('blue');
  // own evidence from 2 s to 4 s: back to 2, start, on to 4, end
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  await page.getByRole('button', { name: 'Start at playhead' }).click();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.getByRole('button', { name: 'End at playhead' }).click();
  await expect(page.getByTestId('review-own-evidence')).toHaveText('00:02.00–00:04.00');
  await page.getByTestId('verdict-revise').click();
  await page.getByTestId('review-reason').selectOption('wrong answer');
  await page.getByTestId('review-notes').fill('The first square is blue.');
  expect(await pageText(page)).not.toContain(AUTHOR_ANSWER);
  await page.screenshot({ path: testInfo.outputPath('3-blind-review.png') });
  await page.getByTestId('review-notes').press('Control+Enter');
  // after the submit: the author's answer beside the reviewer's, marked as differing
  await expect(page.getByTestId('review-author')).toContainText(AUTHOR_ANSWER);
  await expect(page.getByTestId('review-author')).toContainText('differs');
  await expect(page.getByTestId('review-mine')).toHaveText('blue');
  await page.screenshot({ path: testInfo.outputPath('4-after-submit.png') });

  // the three choices, in the queue's order, by keys: A–G answer, the verdict, Ctrl+Enter (the last one disagrees)
  const plan: Record<string, { key: string; verdict: string; reason?: string }> = {
    'How many squares are on screen?': { key: 'a', verdict: 'accept' },
    'How many squares were there before the cut?': { key: 'b', verdict: 'accept' },
    'How many squares after the second cut?': { key: 'a', verdict: 'reject', reason: 'ambiguous' },
  };
  for (let i = 0; i < 3; i++) {
    await page.getByRole('button', { name: 'Next item' }).click();
    await expect(page.getByTestId('review-answer')).toHaveAttribute('data-value', '');
    const step = plan[(await page.getByTestId('review-question').textContent()) ?? '']!;
    await page.getByTestId('review-answer').focus();
    await page.keyboard.press(step.key);
    await expect(page.getByTestId('review-answer')).toHaveAttribute('data-value', step.key.toUpperCase());
    await page.getByTestId(`verdict-${step.verdict}`).click();
    if (step.reason) await page.getByTestId('review-reason').selectOption(step.reason);
    await page.getByTestId('review-submit').focus();
    await page.keyboard.press('Control+Enter');
    await expect(page.getByTestId('review-done')).toBeVisible();
  }
  await openReview(page, 'queue');
  await expect(page.getByTestId('review-overlay')).toContainText('4/4');
  await page.keyboard.press('Escape');

  // the adjudicator: the text item with the author's and the reviewer's answers side by side, each one's evidence a lane
  await becomes(page, 'Ada', 'adjudicator');
  await openReview(page, 'adjudication');
  await expect(page.getByTestId('adjudication-item')).toHaveCount(2);
  await page.getByTestId('adjudication-item').filter({ hasText: 'What colour' }).click();
  await expect(page.getByTestId('adjudication-panel')).toBeVisible();
  await expect(page.getByTestId('adjudication-author')).toHaveText(AUTHOR_ANSWER);
  await expect(page.getByTestId('adjudication-review-answer')).toContainText('blue');
  await expect(page.getByTestId('adjudication-review-answer')).toContainText('differs');
  await expect.poll(async () => Number((await playerState(page)).commandedTime)).toBe(5);
  const canvas = page.getByTestId('timeline').locator('canvas');
  await expect.poll(async () => (await canvas.boundingBox())?.height ?? 0).toBeGreaterThan(260); // two review lanes below the mark lanes
  await page.screenshot({ path: testInfo.outputPath('5-adjudication.png') });
  await page.getByTestId('decision-keep-reviewer').click();
  await page.getByTestId('decision-reason').selectOption('wrong answer');
  await page.getByTestId('decide').click();
  await expect(page.getByTestId('adjudication-panel')).toHaveCount(0);
  await expect(page.getByTestId('status')).toContainText('Decision recorded: keep reviewer');

  // the lead's report: κ and the funnel, as numbers and charts
  await becomes(page, 'Lee', 'lead');
  await openReview(page, 'report');
  await page.getByTestId('report-round').selectOption({ label: 'Round 1: First round' });
  await expect(page.getByTestId('report-funnel')).toBeVisible();
  await expect(page.getByTestId('report-funnel').locator('[data-funnel-step="items"]')).toHaveText('4');
  await expect(page.getByTestId('report-funnel').locator('[data-funnel-step="escalated"]')).toHaveText('2');
  await expect(page.getByTestId('report-funnel').locator('[data-funnel-step="revised"]')).toHaveText('1');
  await expect(page.getByTestId('report-kappa').getByTestId('kappa-value').first()).toHaveText(/κ -?\d\.\d\d/);
  await expect(page.getByTestId('confusion-matrix')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('6-report.png'), fullPage: true });
  const download = page.waitForEvent('download');
  await page.getByTestId('report-export-md').click();
  expect((await download).suggestedFilename()).toBe('tidemark-agreement-round-1.md');
  await expect(page.getByTestId('report-saved')).toHaveText('Saved tidemark-agreement-round-1.md to your downloads');
  // the letters and the text answers are compared apart: one κ, one matrix each
  await expect(
    page
      .getByTestId('report-pairs')
      .locator('tr')
      .filter({ hasText: /^answers \(choice\)\s*all/ }),
  ).toHaveCount(1);
  await expect(
    page
      .getByTestId('report-pairs')
      .locator('tr')
      .filter({ hasText: /^answers \(text\)\s*all/ }),
  ).toHaveCount(1);
  await page.getByTestId('review-tab-rounds').click();
  await expect(page.getByTestId('funnel-numbers')).toContainText('4 items · 4 reviewed · 2 agreed · 2 escalated (1 awaiting)');
});

test('through a package: the lead exports a reviewer’s items, she reviews them in the package, the lead imports the reviews (twice changes nothing)', async ({ page, tidemark }, testInfo) => {
  test.setTimeout(120_000);
  await page.goto(tidemark.url);
  await expect(page.getByTestId('library-row')).toHaveCount(2);
  // the work, through the API: people, Ann's two questions, a round for Rita
  const videoId = await reviewTeam(page);
  await api(page, 'questions.create', colourQuestion(videoId, AUTHOR_ANSWER));
  await api(page, 'questions.create', {
    videoId,
    fields: { profileId: 'builtin:ovo-s-bench', taskCode: '1.1.1', text: 'How many squares are on screen?', answerKind: 'choice', options: { A: 'two', B: 'three' }, status: 'ready' },
    queryPoints: [{ time: 6, answer: 'A' }],
  });
  await signIn(page, 'Lee', 'lead');
  await api(page, 'rounds.open', { name: 'Remote round', selection: {}, reviewers: ['Rita'] });
  const main = (await api<{ path: string }>(page, 'projects.current')).path;
  const pkg = testInfo.outputPath('rita-package.tidemark');
  await page.reload();
  await expect(page.getByTestId('identity')).toHaveText('Lee · lead');

  // the lead exports Rita's package
  await openReview(page, 'rounds');
  await page.getByTestId('package-export-path').fill(pkg);
  await page.getByTestId('package-export').click();
  await expect(page.getByTestId('package-exported')).toContainText('Wrote 2 questions on 1 video');
  await page.keyboard.press('Escape');

  // Rita opens the package as her project: blind by construction, then reviews one item
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await page.getByTestId('path-input').fill(pkg);
  await page.getByTestId('path-submit').click();
  await expect(page.getByTestId('project-name')).toHaveText('Tidemark demo — review package for Rita, round 1');
  await becomes(page, 'Rita', 'reviewer');
  await openReview(page, 'queue');
  await expect(page.getByTestId('queue-item')).toHaveCount(2);
  await page.getByTestId('queue-item').filter({ hasText: 'What colour' }).click();
  await expect(page.getByTestId('review-panel')).toBeVisible();
  expect(await pageText(page)).not.toContain(AUTHOR_ANSWER);
  await page.getByTestId('review-answer').fill('blue');
  await page.getByTestId('verdict-revise').click();
  await page.getByTestId('review-reason').selectOption('wrong answer');
  await page.getByTestId('review-submit').click();
  await expect(page.getByTestId('review-done')).toBeVisible();
  // the package holds no answers: none is shown as the author's (an empty one would read as differing)
  await expect(page.getByTestId('review-compare')).toContainText('Author’snot in this review package');

  // back in the main project, the lead imports the returned package — and again, which changes nothing
  await becomes(page, 'Lee', 'lead');
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await page.getByTestId('path-input').fill(main);
  await page.getByTestId('path-submit').click();
  await expect(page.getByTestId('project-name')).toHaveText('Tidemark demo');
  await openReview(page, 'rounds');
  await page.getByTestId('package-import-path').fill(pkg);
  await page.getByTestId('package-import').click();
  await expect(page.getByTestId('package-outcome')).toContainText('1 review imported from rita-package.tidemark; 0 already present');
  await expect(page.getByTestId('funnel-numbers')).toContainText('2 items · 1 reviewed · 0 agreed · 1 escalated');
  await page.getByTestId('package-import').click();
  await expect(page.getByTestId('package-outcome')).toContainText('0 reviews imported from rita-package.tidemark; 1 already present');
  await page.screenshot({ path: testInfo.outputPath('packages.png') });
});

test('a counting item authored by marking: withheld while blind, then compared with the counts its marks give — agreeing, escalating only where a count differs, the same key in adjudication and the report', async ({
  page,
  tidemark,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.goto(tidemark.url);
  await expect(page.getByTestId('library-row')).toHaveCount(2);
  await signIn(page, 'Lee', 'lead');
  for (const [name, roles] of [
    ['Lee', ['lead']],
    ['Ann', ['annotator']],
    ['Rita', ['reviewer']],
    ['Ada', ['adjudicator']],
  ] as const)
    await api(page, 'people.save', { name, roles });
  // Ann counts hard cuts by marking them (at 3 s and 7 s) and asks at 1, 5 and 10 s: no count is stored, the marks give 0, 1, 2
  await signIn(page, 'Ann', 'annotator');
  const videos = await api<Array<{ id: string; name: string }>>(page, 'videos.list');
  const videoId = videos.find((v) => v.name === 'counting-objects.mp4')!.id;
  await api(page, 'marks.create', { videoId, marks: [3, 7].map((start) => ({ type: 'event', start, end: null, target: 'cuts', data: {} })) });
  for (const text of ['How many hard cuts so far?', 'How many scene changes so far?']) {
    await api(page, 'questions.create', {
      videoId,
      fields: { profileId: 'builtin:vcbench', taskCode: 'E1-Transit', text, answerKind: 'number', status: 'ready', counting: { subcategory: 'E1-Transit', target: 'cuts', windowSeconds: null } },
      queryPoints: [{ time: 1 }, { time: 5 }, { time: 10 }],
    });
  }
  await signIn(page, 'Lee', 'lead');
  await api(page, 'rounds.open', { name: 'Counts', selection: {}, reviewers: ['Rita'] });
  await page.reload();
  await becomes(page, 'Rita', 'reviewer');

  // blind: the count is said to be withheld, not shown as 0
  await openReview(page, 'queue');
  await page.getByTestId('queue-item').filter({ hasText: 'hard cuts' }).click();
  await expect(page.getByTestId('review-panel')).toBeVisible();
  await page.getByTestId('review-panel').getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByTestId('qp-derived')).toHaveText(Array(3).fill('answer withheld (blind review)'));
  await page.screenshot({ path: testInfo.outputPath('1-withheld.png') });

  // the derived counts, given blind, agree at every point
  const answerItem = async (text: string, counts: number[], verdict: string): Promise<void> => {
    await openReview(page, 'queue');
    await page.getByTestId('queue-item').filter({ hasText: text }).click();
    await expect(page.getByTestId('review-answer')).toHaveCount(3);
    for (const [i, c] of counts.entries()) await page.getByTestId('review-answer').nth(i).fill(String(c));
    await page.getByTestId(`verdict-${verdict}`).click();
    if (verdict !== 'accept') await page.getByTestId('review-reason').selectOption('wrong answer');
    await page.getByTestId('review-submit').click();
    await expect(page.getByTestId('review-done')).toBeVisible();
  };
  await answerItem('hard cuts', [0, 1, 2], 'accept');
  await expect(page.getByTestId('review-author')).toHaveText(['0 from marks ✓ agrees', '1 from marks ✓ agrees', '2 from marks ✓ agrees']);
  await page.screenshot({ path: testInfo.outputPath('2-agrees.png') });
  // the other item differs at its last point only
  await answerItem('scene changes', [0, 1, 3], 'revise');
  await expect(page.getByTestId('review-author')).toHaveText(['0 from marks ✓ agrees', '1 from marks ✓ agrees', '2 from marks ✗ differs']);

  // one item agreed, one escalated
  await becomes(page, 'Lee', 'lead');
  await openReview(page, 'rounds');
  await expect(page.getByTestId('funnel-numbers')).toContainText('2 items · 2 reviewed · 1 agreed · 1 escalated');
  await page.keyboard.press('Escape');

  // the adjudicator sees the key as the author's answer, from the marks
  await becomes(page, 'Ada', 'adjudicator');
  await openReview(page, 'adjudication');
  await expect(page.getByTestId('adjudication-item')).toHaveCount(1);
  await page.getByTestId('adjudication-item').click();
  await expect(page.getByTestId('adjudication-author')).toHaveText(['0 from marks', '1 from marks', '2 from marks']);
  await expect(page.getByTestId('adjudication-review-answer')).toHaveText(['Rita0 ✓ agrees', 'Rita1 ✓ agrees', 'Rita3 ✗ differs']);
  await page.screenshot({ path: testInfo.outputPath('3-adjudication.png') });

  // the report compares the same key: 5 of Rita's 6 answers agree with Ann's
  await becomes(page, 'Lee', 'lead');
  await openReview(page, 'report');
  await page.getByTestId('report-round').selectOption({ label: 'Round 1: Counts' });
  const annRita = page
    .getByTestId('report-pairs')
    .locator('tr')
    .filter({ hasText: /answers \(number\)\s*all\s*Ann\s*Rita/ });
  await expect(annRita).toContainText('83.3 % [43.6, 97.0]'); // with its Wilson interval
});

test('the first start asks who you are, once', async ({ page }) => {
  const { startTidemark, removeDir } = await import('./support/server');
  const first = await startTidemark({ askIdentity: true });
  try {
    await page.goto(first.url);
    // the demo project opens, and the header asks
    const popover = page.getByTestId('identity-popover');
    await expect(popover).toBeVisible({ timeout: 60_000 });
    await expect(popover).toContainText('Who are you?');
    await popover.getByTestId('identity-name').fill('Mara');
    await popover.getByTestId('identity-role').selectOption('reviewer');
    await popover.getByTestId('identity-save').click();
    await expect(page.getByTestId('identity')).toHaveText('Mara · reviewer');
    await expect(page.getByTestId('identity-popover')).toHaveCount(0);
    await first.stop();
    // remembered: the next start does not ask again
    const again = await startTidemark({ dataDir: first.dataDir });
    try {
      await page.goto(again.url);
      await expect(page.getByTestId('identity')).toHaveText('Mara · reviewer');
      await expect(page.getByTestId('identity-popover')).toHaveCount(0);
    } finally {
      await again.stop();
    }
  } finally {
    await first.stop();
    removeDir(first.dataDir);
  }
});
