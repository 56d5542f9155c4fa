import type { FrameLocator, Page } from '@playwright/test';
import { expect, test, expectAdPlaysPast, expectPlaysPast, firesWithin, HARNESS_ORIGIN, loggedRequests, openHarness, playerClient } from './support';

/** The player query of a scenario with an ad-list set of harness/server/routes/ads.ts. */
const withAds = (set: string, extra = '') => `movie_id=101&auto_play=1&data-ad-list-url=${encodeURIComponent(`/ads/list.json?set=${set}`)}${extra}`;

async function pingsOf(page: Page): Promise<string[]> {
  return (await loggedRequests(page, await playerClient(page)))
    .filter((entry) => entry.path.startsWith('/track/'))
    .sort((a, b) => a.id - b.id)
    .map((entry) => {
      const url = new URL(entry.path, HARNESS_ORIGIN);
      const code = url.searchParams.get('code');
      return `${url.pathname.slice('/track/'.length)} ${url.searchParams.get('ad')}${code ? ` ${code}` : ''}`;
    });
}

const contentTime = (frame: FrameLocator) => frame.locator('video.player__media').evaluate((video: HTMLVideoElement) => video.currentTime);
/**
 * Under a pre-roll the film waits at its start. A play asked inside a gesture unlocks the film's
 * element for Safari's engine (a muted play and pause), which may move it a few ms; this driver's
 * own reads count as gestures, so any pre-roll here may see that.
 */
const AT_START_S = 0.1;
const adVideo = (frame: FrameLocator) => frame.locator('video.ad-overlay__media');
const adStatus = (frame: FrameLocator) => frame.getByTestId('ad-overlay').getAttribute('data-ad-status');

test.describe('ads', () => {
  test('a pre-roll plays before the content, which stays paused at 0 meanwhile; its sound button, a hidden page and the click-through (a new tab, click tracking) act on the ad; the skip button counts down whole seconds, then skips to the content', async ({ page, context }) => {
    // Every label the skip button shows, recorded in the player's page from its first one (a busy
    // CPU may be a second into the ad before a check from here runs): the countdown runs on the
    // ad's own time, under the steps below (two of them pause the ad).
    await page.addInitScript(() => {
      const labels: string[] = [];
      (window as unknown as { skipLabels: string[] }).skipLabels = labels;
      const read = () => {
        const button = document.querySelector<HTMLButtonElement>('[data-testid="ad-skip"]');
        const label = button && `${button.textContent}${button.disabled ? ' (disabled)' : ''}`;
        if (label && label !== labels[labels.length - 1]) labels.push(label);
      };
      new MutationObserver(read).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['disabled'] });
    });
    const skipLabels = () => frame.locator('body').evaluate(() => (window as unknown as { skipLabels: string[] }).skipLabels);
    const frame = await openHarness(page, { scenario: 'ads-skippable' });
    const skip = frame.getByTestId('ad-skip');
    await expect(frame.getByTestId('ad-overlay')).toBeVisible();
    await expect(frame.getByTestId('ad-badge')).toHaveText('Реклама');
    await expect.poll(async () => (await skipLabels())[0]).toBe('Пропустить 5 (disabled)');
    const count = (pings: string[], ping: string) => pings.filter((one) => one === ping).length;

    await test.step('a pre-roll plays before the content, which stays paused at 0 meanwhile', async () => {
      await expectAdPlaysPast(frame, 2);
      expect(await adStatus(frame)).toBe('PLAYING');
      expect(await contentTime(frame)).toBeLessThan(AT_START_S);
      expect(await frame.locator('video.player__media').evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);
      await expect(frame.getByTestId('ad-remaining')).toHaveText(/^0:(0\d|1[0-2])$/);
    });

    await test.step("the overlay's sound button mutes the ad itself, and each change pings once", async () => {
      const mute = frame.getByTestId('ad-mute');
      await expect(mute).toHaveAttribute('aria-label', 'Выключить звук');
      await mute.click();
      await expect(mute).toHaveAttribute('aria-label', 'Включить звук');
      expect(await adVideo(frame).evaluate((video: HTMLVideoElement) => video.muted)).toBe(true);
      await mute.click();
      await expect(mute).toHaveAttribute('aria-label', 'Выключить звук');
      await expect.poll(async () => (await pingsOf(page)).filter((ping) => /mute/.test(ping))).toEqual(['mute skippable', 'unmute skippable']);
    });

    await test.step('the click-through opens the advertiser in a new tab, pauses the ad and pings click tracking; its play button resumes it', async () => {
      const before = await pingsOf(page);
      const link = frame.getByTestId('ad-click-through');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toHaveAttribute('target', '_blank');
      const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await tab.waitForLoadState();
      expect(tab.url()).toBe(`${HARNESS_ORIGIN}/advertiser`);
      expect(await tab.evaluate(() => window.opener)).toBeNull();
      await tab.close();
      await expect.poll(() => adStatus(frame)).toBe('PAUSED');
      expect(await adVideo(frame).evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);
      // The ad's first pause and resume: a browser pings an image address once per document, so
      // a second pause of the same ad (the hidden page, next) sends no new request to this link.
      await expect
        .poll(async () => {
          const now = await pingsOf(page);
          return [count(now, 'click skippable') - count(before, 'click skippable'), count(now, 'pause skippable') - count(before, 'pause skippable')];
        })
        .toEqual([1, 1]);
      await frame.getByTestId('ad-resume').click();
      await expect.poll(() => adStatus(frame)).toBe('PLAYING');
      await expect.poll(async () => count(await pingsOf(page), 'resume skippable') - count(before, 'resume skippable')).toBe(1);
    });

    await test.step("a hidden page (the harness's Hide page) pauses the ad; shown again, it resumes", async () => {
      await page.getByTestId('toggle-visibility').click();
      await expect.poll(() => adStatus(frame)).toBe('PAUSED');
      expect(await firesWithin(adVideo(frame), 'timeupdate', 600)).toBe(false);
      await page.getByTestId('toggle-visibility').click();
      await expect.poll(() => adStatus(frame)).toBe('PLAYING');
      const resumedFrom = await adVideo(frame).evaluate((video: HTMLVideoElement) => video.currentTime);
      await expectAdPlaysPast(frame, resumedFrom + 0.3);
      expect(await contentTime(frame)).toBeLessThan(AT_START_S);
    });

    await test.step('the skip button counts down whole seconds, then skips to the content', async () => {
      await expect(skip).toHaveText('Пропустить', { timeout: 15_000 });
      expect(await skipLabels()).toEqual(['Пропустить 5 (disabled)', 'Пропустить 4 (disabled)', 'Пропустить 3 (disabled)', 'Пропустить 2 (disabled)', 'Пропустить 1 (disabled)', 'Пропустить']);
      expect(await contentTime(frame)).toBeLessThan(AT_START_S);
      await expect(skip).toBeEnabled();
      await skip.click();
      await expect(frame.getByTestId('ad-overlay')).toHaveCount(0);
      await expectPlaysPast(frame, 1);
      await expect.poll(() => pingsOf(page)).toContain('skip skippable');
      expect(await pingsOf(page)).not.toContain('complete skippable');
    });
  });

  test("the player's own fullscreen keeps the overlay on screen, so the pre-roll still plays", async ({ page }) => {
    const frame = await openHarness(page, { query: withAds('skippable').replace('auto_play=1', 'auto_play=0') });
    await expect(frame.getByTestId('player')).toHaveAttribute('data-status', 'notStarted');
    await page.locator('#player-frame').focus();
    await page.keyboard.press('f');
    await expect.poll(() => frame.locator('body').evaluate(() => document.fullscreenElement?.nodeName ?? null)).toBe('HTML');
    await page.keyboard.press('k');
    await expect(frame.getByTestId('ad-overlay')).toBeVisible();
    await expectAdPlaysPast(frame, 1);
    expect(await contentTime(frame)).toBeLessThan(AT_START_S);
  });

  test('a non-skippable ad shows no skip button; impression, start, quartiles and complete arrive in order; the harness says an ad shows and lists its pings live in the Ads tab, whose VAST inspector shows the same report as npm run vast, and for every fixture the same as Node', async ({ page }) => {
    // The inspector's runs (one per fixture) go on while the ad plays: one harness page for both.
    test.setTimeout(90_000);
    const frame = await openHarness(page, { scenario: 'ads-non-skippable' });

    await test.step('a non-skippable ad shows no skip button; the harness status line says an ad shows', async () => {
      await expectAdPlaysPast(frame, 0.5);
      await expect(frame.getByTestId('ad-skip')).toHaveCount(0);
      await expect(page.getByTestId('summary-ad')).toContainText('ad showing');
    });

    await test.step("the harness's Ads tab lists the tracking pings live, with their event and ad id", async () => {
      await page.getByTestId('tab-ads').click();
      await expect(page.getByTestId('ping-row').filter({ hasText: 'start' }).filter({ hasText: 'non-skippable' }).first()).toBeVisible({ timeout: 15_000 });
    });

    await test.step('the VAST inspector shows the same report as npm run vast', async () => {
      await page.getByTestId('vast-preset').selectOption('unplayable.xml');
      await page.getByTestId('vast-inspect').click();
      await expect(page.getByTestId('vast-result')).toHaveAttribute('data-ok', 'false');
      expect(JSON.parse((await page.getByTestId('vast-json').textContent()) ?? '')).toEqual({ ok: false, code: 403, message: 'Not found supported mediaFile' });
      await page.getByTestId('vast-input').fill('/ads/vast/inline-skippable-percent.xml?creativeId=p');
      await page.getByTestId('vast-inspect').click();
      await expect(page.getByTestId('vast-result')).toHaveAttribute('data-ok', 'true');
      const report = JSON.parse((await page.getByTestId('vast-json').textContent()) ?? '');
      expect(report).toMatchObject({ ok: true, skipOffset: 3, duration: 12, progressOffset: 6, id: 'p' });
      expect(report.mediaFiles[0].url).toBe(`${HARNESS_ORIGIN}/media/ads/ad-12s.mp4`);
    });

    await test.step('every fixture gives the same report in the harness inspector (DOMParser) as in Node (xmldom)', async () => {
      const { readdirSync, readFileSync } = await import('node:fs');
      const { resolveVast, inspectionOf, failedInspection } = await import('../src/vast');
      const { nodeXmlParser } = await import('../src/vast/node-xml');
      const dir = new URL('../fixtures/vast/', import.meta.url);
      const files = readdirSync(dir).filter((name) => name.endsWith('.xml'));
      const canPlayType = (type: string) => (/^video\/(mp4|webm)$/.test(type) ? 'probably' : '');
      const nodeReport = async (name: string) => {
        try {
          const ad = await resolveVast(
            { url: `http://127.0.0.1:4101/ads/vast/${name}` },
            {
              parseXml: nodeXmlParser(),
              canPlayType,
              timeoutMs: 5000,
              fetchText: async (url) => readFileSync(new URL(new URL(url).pathname.split('/').pop()!, dir), 'utf8'),
            },
          );
          return inspectionOf(ad);
        } catch (error) {
          return failedInspection(error);
        }
      };
      for (const name of files) {
        await page.getByTestId('vast-input').fill(`/ads/vast/${name}`);
        await page.getByTestId('vast-inspect').click();
        await expect(page.getByTestId('vast-result')).toHaveAttribute('data-input', `/ads/vast/${name}`);
        const browser = (await page.getByTestId('vast-json').textContent())!.split(HARNESS_ORIGIN).join('http://127.0.0.1:4101');
        expect(JSON.parse(browser), name).toEqual(await nodeReport(name));
      }
    });

    await test.step('the ad ends and the content starts; impression, start, quartiles and complete arrived in order', async () => {
      await expect(frame.getByTestId('ad-overlay')).toHaveCount(0, { timeout: 15_000 });
      await expectPlaysPast(frame, 0.5);
      const pings = (await pingsOf(page)).filter((ping) => !/^(creativeView|progress|loaded) /.test(ping));
      // The impression and start pixels go out in one moment, as parallel image requests: the
      // server may hear them in either order. The rest come seconds apart, in order.
      expect(pings.slice(0, 3).sort()).toEqual(['impression non-skippable', 'impression non-skippable', 'start non-skippable']);
      expect(pings.slice(3)).toEqual([
        'firstQuartile non-skippable',
        'midpoint non-skippable',
        'thirdQuartile non-skippable',
        'complete non-skippable',
      ]);
      const all = await pingsOf(page);
      expect(all.filter((ping) => ping === 'progress non-skippable')).toHaveLength(1);
      expect(all.indexOf('loaded non-skippable')).toBeLessThan(all.indexOf('start non-skippable'));
    });
  });

  test('a javascript: click-through is dropped: a click on the picture only pauses the ad, and no tab opens', async ({ page, context }) => {
    const frame = await openHarness(page, { scenario: 'ads-js-click' });
    await expectAdPlaysPast(frame, 0.5);
    await expect(frame.getByTestId('ad-click-through')).toHaveCount(0);
    await expect(frame.getByTestId('ad-visit')).toHaveCount(0);
    let opened = false;
    const onPage = () => (opened = true);
    context.on('page', onPage);
    await frame.getByTestId('ad-click-area').click();
    await expect.poll(() => adStatus(frame)).toBe('PAUSED');
    await frame.getByTestId('ad-resume').click();
    await expect.poll(() => adStatus(frame)).toBe('PLAYING');
    context.off('page', onPage);
    expect(opened).toBe(false);
  });

  test('an ad with no playable media pings its error link with 403 and the content starts', async ({ page }) => {
    const frame = await openHarness(page, { scenario: 'ads-unplayable' });
    await expectPlaysPast(frame, 1);
    await expect(frame.getByTestId('ad-overlay')).toHaveCount(0);
    expect(await pingsOf(page)).toEqual(['error unplayable 403']);
  });

  test('demo mode: a pre-roll, then a mid-roll after 10 s of played content, marked on the seek slider', async ({ page }) => {
    test.setTimeout(60_000);
    const frame = await openHarness(page, { scenario: 'ads-demo' });
    await expect(frame.getByTestId('ad-overlay')).toHaveAttribute('data-ad-id', 'demo-1');
    await expect(frame.getByTestId('ad-skip')).toHaveText('Пропустить', { timeout: 10_000 });
    await frame.getByTestId('ad-skip').click();
    await expect(frame.getByTestId('ad-overlay')).toHaveCount(0);
    await expectPlaysPast(frame, 0.5);
    // The film marks the mid-rolls to come every 10 s of play from 10 s, before its end (30.0x s),
    // read before the first of them can come (at double speed on a loaded machine it came first):
    // decorative, and the slider keeps every pointer event.
    const marks = frame.getByTestId('midroll-marks');
    // The length is read with the marks: it grows by a fraction of a second (30 s, then 30.0013 s)
    // once the last segment is in, and with it whether a mark falls before the end.
    const mediaDuration = () => frame.locator('video.player__media').evaluate((video: HTMLVideoElement) => video.duration);
    /** The marks' places, in seconds of the film. */
    const markTimes = (duration: number) => marks.locator('.midroll-marks__mark').evaluateAll((spans, total) => spans.map((span) => (parseFloat((span as HTMLElement).style.left) / 100) * total), duration);
    const expectedMarks = (first: number, duration: number) => Array.from({ length: Math.ceil((duration - first) / 10) }, (_, n) => first + n * 10);
    const near = (times: number[], expected: number[]) => times.length === expected.length && times.every((time, n) => Math.abs(time - expected[n]!) < 0.6);
    /** The marks are every 10 s from `first`, before the media's end as it is now. */
    const marksFrom = async (first: number) => {
      const duration = await mediaDuration();
      return near(await markTimes(duration), expectedMarks(first, duration));
    };
    await expect.poll(() => marksFrom(10)).toBe(true);
    await expect(marks).toHaveAttribute('aria-hidden', 'true');
    expect(await marks.evaluate((element) => getComputedStyle(element).pointerEvents)).toBe('none');
    // Watched at double speed (as the viewer's speed 2 plays it): the clock counts media time.
    await frame.locator('video.player__media').evaluate((video: HTMLVideoElement) => (video.playbackRate = 2));
    await expectPlaysPast(frame, 5);
    await expect(frame.getByTestId('ad-overlay')).toHaveCount(0);
    await expect(frame.getByTestId('ad-overlay')).toHaveAttribute('data-ad-id', 'demo-2', { timeout: 15_000 });
    const pausedAt = await contentTime(frame);
    expect(pausedAt).toBeGreaterThanOrEqual(9.5);
    expect(pausedAt).toBeLessThan(12);
    await expectAdPlaysPast(frame, 0.5);
    expect(await contentTime(frame)).toBe(pausedAt);
    expect(await frame.locator('video.player__media').evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);
    await expect.poll(() => pingsOf(page)).toContain('start demo-2');
    // The marks move on: the next one is 10 s of play after this break.
    await expect.poll(() => marksFrom(pausedAt + 10)).toBe(true);
  });
});

