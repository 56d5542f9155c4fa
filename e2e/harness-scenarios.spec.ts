/**
 * Table-driven: every scenario of the harness list loads and shows what its `expect` entry in
 * harness/app/scenarios.ts says (auto_play on, cross-origin embed), so the table documents itself.
 */
import { SCENARIOS, describeExpect } from '../harness/app/scenarios';
import { expect, test, expectPlaysPast, openHarness, videoTime } from './support';

for (const scenario of SCENARIOS) {
  const { expect: outcome } = scenario;
  test(`${scenario.id}: ${describeExpect(outcome)}`, async ({ page }) => {
    const frame = await openHarness(page, { scenario: scenario.id });
    await expect(page.getByTestId('summary-expect')).toHaveText(describeExpect(outcome));
    switch (outcome.shows) {
      case 'playback':
        await expect(frame.getByTestId('title')).toContainText(outcome.text);
        await expectPlaysPast(frame, outcome.past ?? 1);
        break;
      case 'page-error':
        await expect(frame.getByTestId('page-error')).toContainText(outcome.text);
        await expect(frame.locator('video')).toHaveCount(0);
        break;
      case 'stream-error':
        await expect(frame.getByTestId('stream-error')).toContainText(outcome.text);
        break;
      case 'resume-prompt': {
        const prompt = frame.getByTestId('resume-prompt');
        await expect(prompt).toContainText(outcome.text);
        await expect(prompt.getByRole('button', { name: 'Продолжить просмотр' })).toBeVisible();
        await expect(prompt.getByRole('button', { name: 'Начать сначала' })).toBeVisible();
        // The prompt holds the start even with auto_play on.
        expect(await videoTime(frame)).toBeLessThan(0.5);
        break;
      }
      case 'ad':
        await expect(frame.getByTestId('ad-overlay')).toContainText(outcome.text);
        break;
    }
    for (const testId of outcome.hidden ?? []) await expect(frame.getByTestId(testId)).toHaveCount(0);
  });
}
