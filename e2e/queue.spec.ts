// The review queue: Enter opens the next item still to review.
import { api, expect, reviewTeam, signIn, test } from './support/fixtures';

test('in the review queue the focus, and so Enter, starts on the next item to review, not on one already done', async ({ page, tidemark }) => {
  await page.goto(tidemark.url);
  await expect(page.getByTestId('library-row')).toHaveCount(2);
  const videoId = await reviewTeam(page);
  const ids: string[] = [];
  for (const [text, time] of [
    ['First question', 4],
    ['Second question', 8],
  ] as const) {
    const made = await api<{ question: { id: string }; queryPoints: Array<{ id: string }> }>(page, 'questions.create', {
      videoId,
      fields: { profileId: 'builtin:phostream', text, answerKind: 'text', temporalType: 'backward', status: 'ready' },
      queryPoints: [{ time, answer: 'x', evidence: [[1, 2]] }],
    });
    ids.push(made.queryPoints[0]!.id);
    if (ids.length === 1) ids.push(made.question.id);
  }
  await signIn(page, 'Lee', 'lead');
  await api(page, 'rounds.open', { name: 'Round', selection: {}, reviewers: ['Rita'] });
  await signIn(page, 'Rita', 'reviewer');
  await api(page, 'reviews.submit', { questionId: ids[1], round: 1, answers: [{ queryPointId: ids[0], answer: 'x' }], verdict: 'accept' });
  await page.reload();
  await expect(page.getByTestId('library-row')).toHaveCount(2);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('r');
  await expect(page.getByTestId('queue-item')).toHaveCount(2);
  await expect(page.getByTestId('queue-item').filter({ hasText: 'Second question' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('review-question')).toHaveText('Second question');
});
