import type { FrameLocator } from '@playwright/test';
import { expect, test, attributeChangesWithin, firesWithin, expectPlaysPast, openHarness, PLAYER_ORIGIN, videoTime, clickControl, messagesIn } from './support';

/** Moves the mouse over the player until the controls show (they hide after 1 s of stillness while playing). */
async function showControls(frame: FrameLocator) {
  const player = frame.getByTestId('player');
  let step = 0;
  await expect
    .poll(
      async () => {
        step += 1;
        await player.hover({ position: { x: 300 + (step % 2) * 24, y: 200 + (step % 3) * 8 } });
        return player.getAttribute('data-controls');
      },
      { intervals: [50, 100, 200] },
    )
    .toBe('shown');
}


async function openSettings(frame: FrameLocator) {
  await clickControl(frame, frame.getByTestId('settings-button'));
  await expect(frame.getByTestId('settings-menu')).toHaveAttribute('data-menu', 'main');
}

const media = <T,>(frame: FrameLocator, read: (video: HTMLVideoElement) => T) => frame.locator('video').evaluate(read);
const option = (frame: FrameLocator, name: string) => frame.getByTestId('settings-menu').getByRole('menuitemradio', { name, exact: true });
const options = (frame: FrameLocator) => frame.getByTestId('settings-menu').getByRole('menuitemradio');
const rowValue = (frame: FrameLocator, menu: string) => frame.getByTestId(`menu-row-${menu}`).locator('.menu__value');
const isFullscreen = (frame: FrameLocator) => frame.locator('body').evaluate(() => document.fullscreenElement !== null);

// Each test loads the player once (a load is ~3 s of CPU on 2 cores) and checks, step by step,
// what a viewer does with that one setup; a failure names its step (test.step).

test.describe('player surface, desktop', () => {
  test('desktop pointer: the control bar hides after 1 s of stillness while playing and stays while paused; a single click pauses once, after the double-click window, and the media really stops; double-click on the right fifth seeks +10 s, on the left fifth −10 s, in the middle toggles fullscreen', async ({ page }, testInfo) => {
    const frame = await openHarness(page, { scenario: 'film' });
    await expectPlaysPast(frame, 1);
    const player = frame.getByTestId('player');
    const layer = frame.getByTestId('click-layer');
    const video = frame.locator('video.player__media');

    await test.step('the desktop layout hides the control bar after 1 s of stillness while playing', async () => {
      await expect(player).toHaveAttribute('data-layout', 'desktop');
      await showControls(frame);
      await page.mouse.move(5, 5);
      await expect(player).toHaveAttribute('data-controls', 'hidden', { timeout: 4000 });
    });

    await test.step('a single click pauses once, after the double-click window, and the media really stops', async () => {
      await layer.click({ position: { x: 480, y: 270 } });
      await expect(player).toHaveAttribute('data-status', 'paused');
      expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
      // The click moved the mouse over the player: the controls show.
      await expect(player).toHaveAttribute('data-controls', 'shown');
    });

    await test.step('paused, the controls stay; the desktop control bar, its place in the frame, the OS media session', async () => {
      await page.mouse.move(5, 5);
      // Playing, they would hide at once (the mouse left) or after 1 s.
      expect(await attributeChangesWithin(player, 'data-controls', 1600)).toBe(false);
      await expect(player).toHaveAttribute('data-controls', 'shown');

      const bar = frame.getByTestId('control-bar');
      for (const name of ['Смотреть', 'Назад на 10 секунд', 'Вперёд на 10 секунд', 'Выключить звук', 'Настройки', 'Субтитры', 'Поделиться', 'Во весь экран']) {
        await expect(bar.getByRole('button', { name, exact: true })).toBeVisible();
      }
      await expect(bar.getByRole('slider', { name: 'Перемотка' })).toBeVisible();
      await expect(frame.getByTestId('time')).toHaveText(/^0:00:\d\d \/ 0:00:30$/);
      await expect(frame.getByTestId('mobile-middle-row')).toHaveCount(0);

      // The bar sits at the bottom of the 960×540 frame, the title at the top.
      const frameBox = (await page.locator('#player-frame').boundingBox())!;
      const barBox = (await bar.boundingBox())!;
      expect(barBox.y + barBox.height).toBeGreaterThan(frameBox.y + frameBox.height - 4);
      expect(barBox.width).toBeGreaterThan(frameBox.width - 40);
      const titleBox = (await frame.getByTestId('title').boundingBox())!;
      expect(titleBox.y).toBeLessThan(frameBox.y + 40);
      await page.locator('#player-frame').screenshot({ path: testInfo.outputPath('desktop.png') });

      // The OS media controls know what plays.
      const session = () =>
        frame.locator('body').evaluate(() => ({
          title: navigator.mediaSession.metadata?.title,
          artwork: navigator.mediaSession.metadata?.artwork.map((art) => art.src),
          state: navigator.mediaSession.playbackState,
        }));
      await expect.poll(session).toEqual({ title: 'Испытательная таблица', artwork: [`${PLAYER_ORIGIN}/media/posters/film.jpg`], state: 'paused' });
    });

    await test.step('a second single click plays again', async () => {
      await layer.click({ position: { x: 300, y: 150 } });
      // It plays after the double-click window, so the double-clicks below are not paired with it.
      await expect(player).toHaveAttribute('data-status', 'playing');
    });

    await test.step('double-click on the right fifth seeks +10 s, on the left fifth −10 s, in the middle toggles fullscreen', async () => {
      // A double-click is not also a click: no pause comes after the 250 ms click window.
      const noPause = async (dblclick: Promise<void>) => {
        const paused = firesWithin(video, 'pause', 600);
        await dblclick;
        expect(await paused, 'a pause after the double-click').toBe(false);
      };

      const before = await videoTime(frame);
      await noPause(layer.dblclick({ position: { x: 960 * 0.9, y: 270 } }));
      await expect.poll(() => videoTime(frame)).toBeGreaterThan(before + 9);
      await expect(player).toHaveAttribute('data-status', /playing|buffering/);

      const ahead = await videoTime(frame);
      await noPause(layer.dblclick({ position: { x: 960 * 0.1, y: 270 } }));
      await expect.poll(() => videoTime(frame)).toBeLessThan(ahead - 8);
      await expect(player).toHaveAttribute('data-status', /playing|buffering/);
      expect(await isFullscreen(frame)).toBe(false);

      await noPause(layer.dblclick({ position: { x: 480, y: 270 } }));
      await expect.poll(() => isFullscreen(frame)).toBe(true);
      await expect(player).toHaveAttribute('data-status', /playing|buffering/);
      await layer.dblclick({ position: { x: 480, y: 270 } });
      await expect.poll(() => isFullscreen(frame)).toBe(false);
    });
  });

  test('settings menus: they navigate by keyboard and close on Escape and on a click outside; quality 240p switches the rendition and Auto shows the height playing; the page language order puts English audio first and picks it; a click message from the parent closes the menu, the same message from a sibling frame does not', async ({ page }) => {
    // The page's language order (data-languages EN,RU) changes only the audio tracks' order and choice.
    const frame = await openHarness(page, { scenario: 'film-languages-en' });
    await expectPlaysPast(frame, 0.5);
    const menu = frame.getByTestId('settings-menu');

    await test.step('quality: choosing 240p switches the rendition, Auto shows the height playing', async () => {
      await openSettings(frame);
      await expect(rowValue(frame, 'quality')).toHaveText(/^Auto \(\d+p\)$/);
      await frame.getByTestId('menu-row-quality').click();
      await expect(options(frame)).toHaveText([/^Auto \(\d+p\)$/, '720p', '360p', '240p']);
      await option(frame, '240p').click();
      // The picture's height, with what the viewer sees beside it and hls.js's level state and buffer (the harness
      // exposes them to its Engine tab), so that a failure says which step did not happen.
      const picture = () =>
        frame.locator('video').evaluate((video: HTMLVideoElement) => ({
          height: video.videoHeight,
          time: video.currentTime,
          paused: video.paused,
          quality: document.querySelector('[data-testid="menu-row-quality"] .menu__value')?.textContent ?? null,
          status: document.querySelector('[data-testid="player"]')?.getAttribute('data-status') ?? null,
          engine: JSON.stringify(window.__harnessEngine?.debug?.levels() ?? null),
          buffered: Array.from({ length: video.buffered.length }, (_, i) => `${video.buffered.start(i).toFixed(1)}-${video.buffered.end(i).toFixed(1)}`).join(' '),
        }));
      await expect.poll(picture, { timeout: 15_000 }).toEqual(expect.objectContaining({ height: 240 }));
      await expect(rowValue(frame, 'quality')).toHaveText('240p');

      await frame.getByTestId('menu-row-quality').click();
      await expect(option(frame, '240p')).toHaveAttribute('aria-checked', 'true');
      await option(frame, 'Auto').click();
      await expect(rowValue(frame, 'quality')).toHaveText(/^Auto \((240|360|720)p\)$/);
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
    });

    await test.step('menus navigate by keyboard and close on Escape and on a click outside', async () => {
      // The control bar has picture-in-picture and a volume slider (shown on hover); no cast button without a device.
      await expect(frame.getByTestId('pip-button')).toBeVisible();
      await expect(frame.getByTestId('volume-slider')).toHaveCount(1);
      await expect(frame.getByTestId('cast-button')).toHaveCount(0);
      await openSettings(frame);
      // The spec's rows, then 'Стиль субтитров' (the film has subtitles; beyond SPEC.md).
      await expect(menu.locator('.menu__label')).toHaveText(['Качество', 'Скорость', 'Аудио', 'Стиль субтитров']);
      // 17rem wide, at most 12rem tall (SPEC.md §2), as laid out (offset sizes: the opening animation scales the box).
      const size = await menu.evaluate((element: HTMLElement) => {
        const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
        return { width: element.offsetWidth / rem, height: element.offsetHeight / rem };
      });
      expect(size.width).toBeCloseTo(17, 1);
      expect(size.height).toBeLessThanOrEqual(12.01);
      await expect(frame.getByTestId('menu-row-quality')).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(frame.getByTestId('menu-row-playback-rate')).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(menu).toHaveAttribute('data-menu', 'playback-rate');
      await expect(option(frame, 'Обычная')).toBeFocused();
      await page.keyboard.press('ArrowLeft');
      await expect(menu).toHaveAttribute('data-menu', 'main');
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await expect(frame.getByTestId('settings-button')).toBeFocused();

      await openSettings(frame);
      await frame.getByTestId('menu-backdrop').click({ position: { x: 200, y: 200 } });
      await expect(menu).toHaveCount(0);
      await expect(frame.getByTestId('player')).toHaveAttribute('data-status', /playing|buffering/);
    });

    await test.step('audio: the page language order puts English first and picks it', async () => {
      await openSettings(frame);
      await expect(rowValue(frame, 'audio')).toHaveText('English (EN)');
      await frame.getByTestId('menu-row-audio').click();
      await expect(options(frame)).toHaveText(['English (EN)', 'Русский (RU)']);
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
    });

    await test.step('a click message from the parent (logged by the harness as sent) closes the menu; the same message from a sibling frame does not', async () => {
      await openSettings(frame);
      await page.getByTestId('send-click').click();
      await expect(menu).toHaveCount(0);
      // The harness's Messages tab lists what it sent.
      await expect(page.getByTestId('message-row').and(page.locator('[data-direction="out"]')).filter({ hasText: '{"type":"click"}' })).toHaveCount(1);

      await openSettings(frame);
      await page.evaluate((playerOrigin) => {
        const sibling = document.createElement('iframe');
        sibling.id = 'sibling-frame';
        sibling.srcdoc = `<script>
          const player = window.parent.document.getElementById('player-frame').contentWindow;
          player.postMessage({ type: 'click' }, ${JSON.stringify(playerOrigin)});
          player.postMessage(JSON.stringify({ type: 'click' }), ${JSON.stringify(playerOrigin)});
          document.title = 'sent';
        </script>`;
        document.body.appendChild(sibling);
      }, PLAYER_ORIGIN);
      await expect.poll(() => page.frameLocator('#sibling-frame').locator('html').evaluate(() => document.title)).toBe('sent');
      // The player takes posted messages in the order they were sent: once it has obeyed the
      // parent's pause, sent after the sibling's clicks, it has seen those clicks too.
      await page.getByTestId('send-pause').click();
      await expect(frame.getByTestId('player')).toHaveAttribute('data-status', 'paused');
      await expect(menu).toBeVisible();
    });
  });

  // Storage persistence runs in the same-origin embed: this Chromium denies localStorage to a
  // cross-site frame (third-party storage), where the player keeps working without it.
  test("remembered after a reload (same-origin): the resume prompt offers the saved position and continuing resumes there; volume, mute, speed, subtitles and the audio track (AC3 dropped, per content) come back; then 'Обычная' restores 1x, 'Стиль субтитров' restyles the cues and 'Выкл.' hides them", async ({ page }) => {
    test.setTimeout(90_000);
    const frame = await openHarness(page, { scenario: 'film', embed: 'same' });
    const player = frame.getByTestId('player');
    const menu = frame.getByTestId('settings-menu');
    const storage = (key: string) => frame.locator('body').evaluate((_, name) => localStorage.getItem(name), key);
    await expectPlaysPast(frame, 0.3);

    await test.step('the viewer skips 10 s ahead (→), watches on and pauses', async () => {
      await page.locator('#player-frame').focus();
      await page.keyboard.press('ArrowRight');
      await expectPlaysPast(frame, 11);
      await clickControl(frame, frame.getByTestId('play-toggle'));
      await expect(player).toHaveAttribute('data-status', 'paused');
    });

    await test.step('audio: AC3 is dropped; the chosen track is remembered per content', async () => {
      await openSettings(frame);
      await expect(rowValue(frame, 'audio')).toHaveText('Русский (RU)');
      await frame.getByTestId('menu-row-audio').click();
      await expect(options(frame)).toHaveText(['Русский (RU)', 'English (EN)']);
      await option(frame, 'English (EN)').click();
      await expect(rowValue(frame, 'audio')).toHaveText('English (EN)');
      expect(JSON.parse((await storage('favoriteAudioTracks')) ?? 'null')).toEqual({ 101: 'English (EN)' });
    });

    await test.step('speed: 1.5 changes the playback rate', async () => {
      await expect(rowValue(frame, 'playback-rate')).toHaveText('Обычная');
      await frame.getByTestId('menu-row-playback-rate').click();
      await expect(options(frame)).toHaveText(['0.5', '0.75', 'Обычная', '1.25', '1.5', '2']);
      await option(frame, '1.5').click();
      await expect.poll(() => media(frame, (video) => video.playbackRate)).toBe(1.5);
      await expect(rowValue(frame, 'playback-rate')).toHaveText('1.5');
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
    });

    await test.step('subtitles: the subtitles button opens their menu; a track is chosen', async () => {
      await clickControl(frame, frame.getByTestId('subtitles-button'));
      await expect(menu).toHaveAttribute('data-menu', 'subs');
      await option(frame, 'Русские').click();
      await expect(menu).toHaveCount(0);
      await expect(frame.getByTestId('subtitles-button')).toHaveAttribute('aria-pressed', 'true');
    });

    await test.step('volume: the slider and the mute button', async () => {
      await frame.getByTestId('mute-toggle').hover();
      const slider = frame.getByTestId('volume-slider');
      await expect(slider).toBeVisible();
      await slider.focus();
      for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowLeft');
      await expect.poll(() => media(frame, (video) => video.volume)).toBeCloseTo(0.7, 5);
      await frame.getByTestId('mute-toggle').click();
      await expect.poll(() => media(frame, (video) => video.muted)).toBe(true);
      await expect(frame.getByTestId('mute-toggle')).toHaveAccessibleName('Включить звук');
    });

    const englishSegments = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/media/hls/film/audio/en/seg-'));
    const russianAudio: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/media/hls/film/audio/ru/')) russianAudio.push(pathname);
    });
    await page.reload();

    await test.step('reload: "Вы остановились на 0:00:1x" holds the start, and continuing resumes there', async () => {
      const prompt = frame.getByTestId('resume-prompt');
      await expect(prompt).toContainText(/Вы остановились на 0:00:1\d/);
      const shown = Number((await prompt.textContent())!.match(/0:00:(1\d)/)![1]);
      expect(await videoTime(frame)).toBeLessThan(1);
      await prompt.getByRole('button', { name: 'Продолжить просмотр' }).click();
      await expect(prompt).toHaveCount(0);
      // Started from 0 instead, even at 1.5x it would take longer than 5 s to get there.
      await expectPlaysPast(frame, shown + 0.5, 5000);
      expect(await videoTime(frame)).toBeLessThan(shown + 8);
      expect(JSON.parse((await storage('episodesTimeProgress'))!)).toMatchObject({ '10101': expect.any(Number) });
    });

    await test.step('volume, mute, speed, subtitles and the audio track come back', async () => {
      await englishSegments;
      // The remembered track is the stream's first: the manifest's default audio is never fetched.
      expect(russianAudio).toEqual([]);
      expect(await media(frame, (video) => ({ volume: video.volume, muted: video.muted }))).toEqual({ volume: 0.7, muted: true });
      await expect.poll(() => media(frame, (video) => video.playbackRate)).toBe(1.5);
      await expect(frame.getByTestId('subtitles-button')).toHaveAttribute('aria-pressed', 'true');
      // A track shows its cues.
      await expect(frame.getByTestId('captions')).toBeVisible();
      await expect(frame.getByTestId('captions')).toHaveText(/^Субтитры RU \d:\d\d:\d\d$/);
      expect([await storage('player-volume'), await storage('player-muted')]).toEqual(['0.7', 'true']);
      expect(JSON.parse((await storage('player-preferences')) ?? 'null')).toEqual({ rate: 1.5, subtitles: { name: 'Русские', lang: 'ru' } });
      await openSettings(frame);
      await expect(rowValue(frame, 'audio')).toHaveText('English (EN)');
      await expect(rowValue(frame, 'playback-rate')).toHaveText('1.5');
    });

    await test.step("speed: 'Обычная' restores 1x", async () => {
      await frame.getByTestId('menu-row-playback-rate').click();
      await option(frame, 'Обычная').click();
      await expect.poll(() => media(frame, (video) => video.playbackRate)).toBe(1);
    });

    await test.step("subtitles: 'Стиль субтитров' restyles the cues at once", async () => {
      // A bigger size and yellow on black apply to the cue at once.
      const cue = frame.locator('.captions__cue').first();
      const look = () => cue.evaluate((element) => ({ size: parseFloat(getComputedStyle(element).fontSize), color: getComputedStyle(element).color, background: getComputedStyle(element).backgroundColor }));
      const before = await look();
      await expect(rowValue(frame, 'caption-style')).toHaveText('Средний');
      await frame.getByTestId('menu-row-caption-style').click();
      await expect(menu).toHaveAttribute('data-menu', 'caption-style');
      await option(frame, 'Крупный').click();
      await option(frame, 'Жёлтый на чёрном').click();
      await expect(option(frame, 'Крупный')).toHaveAttribute('aria-checked', 'true');
      await expect.poll(async () => (await look()).color).toBe('rgb(255, 212, 0)');
      const after = await look();
      expect(after.size).toBeGreaterThan(before.size);
      expect(after.background).toBe('rgb(0, 0, 0)');
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
    });

    await test.step("subtitles: 'Выкл.' hides them", async () => {
      await clickControl(frame, frame.getByTestId('subtitles-button'));
      await option(frame, 'Выкл.').click();
      await expect(frame.getByTestId('captions')).toHaveCount(0);
      // A track left on would show its next cue within 2 s (the cues are 2 s long).
      const cueShown = await frame.getByTestId('captions').waitFor({ state: 'attached', timeout: 2500 }).then(() => true, () => false);
      expect(cueShown).toBe(false);
    });
  });

  test("parent fullscreen mode posts enterFullScreen, the harness stretches the frame, and exit restores it; with the harness's handling off, enterFullScreen is logged and the frame stays as it is", async ({ page }) => {
    const frame = await openHarness(page, { scenario: 'film-parent-fullscreen' });
    await expectPlaysPast(frame, 0.5);
    const iframe = page.locator('#player-frame');
    const enters = messagesIn(page).filter({ hasText: '"enterFullScreen"' });

    await test.step('parent fullscreen mode posts enterFullScreen, the harness stretches the frame, and exit restores it', async () => {
      await clickControl(frame, frame.getByTestId('fullscreen-button'));
      await expect(enters).toHaveCount(1);
      await expect(iframe).toHaveAttribute('data-fullscreen', 'true');
      const box = (await iframe.boundingBox())!;
      expect([box.x, box.y, box.width, box.height]).toEqual([0, 0, 1920, 1080]);
      expect(await frame.locator('body').evaluate(() => document.fullscreenElement)).toBeNull();
      await expect(frame.getByTestId('fullscreen-button')).toHaveAttribute('aria-label', 'Выйти из полноэкранного режима');

      await clickControl(frame, frame.getByTestId('fullscreen-button'));
      await expect(messagesIn(page).filter({ hasText: '"exitFullScreen"' })).toHaveCount(1);
      await expect(iframe).toHaveAttribute('data-fullscreen', 'false');
    });

    await test.step('Parent fullscreen handling off (the harness): enterFullScreen is logged and the frame stays as it is', async () => {
      // Tried again until it takes: once in a CI run, the first click came as the frame shrank back
      // over the harness and the box stayed checked.
      const toggle = page.getByTestId('toggle-parent-fullscreen');
      await expect(async () => toggle.uncheck({ timeout: 2_000 })).toPass({ timeout: 10_000 });
      await expect(toggle).not.toBeChecked();
      const before = await iframe.boundingBox();
      await clickControl(frame, frame.getByTestId('fullscreen-button'));
      await expect(enters).toHaveCount(2);
      await expect(iframe).toHaveAttribute('data-fullscreen', 'false');
      expect(await iframe.boundingBox()).toEqual(before);
    });
  });
});

test.describe('player surface, phone', () => {
  test('the phone layout has three rows; a tap shows the controls, a double tap on a side seeks; the shortcuts dialog fits it and closes with its button; fullscreen inside a frame stretches through the parent, and the close button leaves it', async ({ page }, testInfo) => {
    const frame = await openHarness(page, { scenario: 'film', viewport: 'phone-portrait' });
    await expectPlaysPast(frame, 1);
    const player = frame.getByTestId('player');

    await test.step('the phone layout has three rows; a tap shows the controls, a double tap on a side seeks', async () => {
      await expect(player).toHaveAttribute('data-layout', 'mobile');
      await expect(frame.getByTestId('control-bar')).toHaveCount(0);

      await expect(player).toHaveAttribute('data-controls', 'hidden', { timeout: 4000 });
      await frame.getByTestId('click-layer').click({ position: { x: 195, y: 300 } });
      await expect(player).toHaveAttribute('data-controls', 'shown');
      // As they hide, a tap at a control the viewer still sees fading out hits it; once faded, the picture.
      const hits = await player.evaluate(
        (element) =>
          new Promise<{ fading: boolean; faded: boolean }>((resolve) => {
            const button = element.querySelector('[data-testid="fullscreen-button"]')!;
            const { x, y, width, height } = button.getBoundingClientRect();
            const hit = () => button.contains(document.elementFromPoint(x + width / 2, y + height / 2));
            new MutationObserver((_, observer) => {
              if (element.getAttribute('data-controls') !== 'hidden') return;
              observer.disconnect();
              const fading = hit();
              const faded = () => (getComputedStyle(button).visibility === 'hidden' ? resolve({ fading, faded: hit() }) : requestAnimationFrame(faded));
              faded();
            }).observe(element, { attributes: true, attributeFilter: ['data-controls'] });
          }),
      );
      expect(hits).toEqual({ fading: true, faded: false });
      await frame.getByTestId('click-layer').click({ position: { x: 195, y: 300 } });
      await expect(player).toHaveAttribute('data-controls', 'shown');
      // Paused, the controls stay. On a busy CPU they may hide again before the click lands: then
      // a tap shows them again and the pause is tried once more.
      await expect(async () => {
        if ((await player.getAttribute('data-status')) !== 'paused') {
          if ((await player.getAttribute('data-controls')) !== 'shown') await frame.getByTestId('click-layer').click({ position: { x: 195, y: 300 } });
          await frame.getByTestId('mobile-middle-row').getByRole('button', { name: 'Пауза' }).click({ timeout: 2000 });
        }
        await expect(player).toHaveAttribute('data-status', 'paused', { timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await page.mouse.move(5, 5);
      const top = frame.getByTestId('mobile-top-row');
      const middle = frame.getByTestId('mobile-middle-row');
      const bottom = frame.getByTestId('mobile-bottom-row');
      await expect(top.getByRole('button', { name: 'Настройки' })).toBeVisible();
      await expect(middle.getByRole('button')).toHaveCount(3);
      await expect(bottom.getByRole('button', { name: 'Во весь экран' })).toBeVisible();
      await expect(bottom.getByRole('slider', { name: 'Перемотка' })).toBeVisible();
      const [topBox, middleBox, bottomBox] = await Promise.all([top.boundingBox(), middle.boundingBox(), bottom.boundingBox()]);
      expect(topBox!.y).toBeLessThan(middleBox!.y);
      expect(middleBox!.y + middleBox!.height).toBeLessThan(bottomBox!.y);
      for (const button of await frame.locator('.chrome--mobile button').all()) {
        const box = await button.boundingBox();
        if (box) expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
      }
      await page.locator('#player-frame').screenshot({ path: testInfo.outputPath('phone.png') });

      await frame.getByTestId('settings-button').click();
      const menu = frame.getByTestId('settings-menu');
      await expect(menu.getByRole('menuitem', { name: /Субтитры/ })).toHaveCount(1);
      await page.locator('#player-frame').screenshot({ path: testInfo.outputPath('phone-menu.png') });
      await frame.getByTestId('menu-close').click();
      await expect(menu).toHaveCount(0);

      const before = await videoTime(frame);
      await frame.getByTestId('click-layer').dblclick({ position: { x: 370, y: 300 } });
      await expect.poll(() => videoTime(frame)).toBeGreaterThan(before + 9);
      // A double tap only seeks: no play comes after the 250 ms tap window.
      const played = firesWithin(frame.locator('video.player__media'), 'play', 600);
      await frame.getByTestId('click-layer').dblclick({ position: { x: 20, y: 300 } });
      expect(await played).toBe(false);
      await expect.poll(() => videoTime(frame)).toBeLessThan(before + 1);
      await expect(player).toHaveAttribute('data-status', 'paused');
      await expect(player).toHaveAttribute('data-controls', 'shown');
    });

    await test.step('the shortcuts dialog fits the phone layout and closes with its button', async () => {
      await page.locator('#player-frame').focus();
      await page.keyboard.press('?');
      const dialog = frame.getByRole('dialog', { name: 'Горячие клавиши' });
      await expect(dialog).toBeVisible();
      const [dialogBox, playerBox] = await Promise.all([dialog.boundingBox(), player.boundingBox()]);
      expect(dialogBox!.x).toBeGreaterThanOrEqual(playerBox!.x);
      expect(dialogBox!.y).toBeGreaterThanOrEqual(playerBox!.y);
      expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(playerBox!.x + playerBox!.width + 0.5);
      expect(dialogBox!.y + dialogBox!.height).toBeLessThanOrEqual(playerBox!.y + playerBox!.height + 0.5);
      // For docs/screenshots/player-shortcuts.png.
      await page.locator('#player-frame').screenshot({ path: testInfo.outputPath('shortcuts-phone.png') });
      await frame.getByTestId('shortcuts-close').click();
      await expect(dialog).toHaveCount(0);
    });

    await test.step('fullscreen on a phone inside a frame stretches through the parent; the close button leaves it', async () => {
      // A tap toggles the controls, so one sent blind could hide them: the click is made once they show.
      await clickControl(frame, frame.getByTestId('fullscreen-button'));
      await expect(messagesIn(page).filter({ hasText: '"enterFullScreen"' })).toHaveCount(1);
      await expect(page.locator('#player-frame')).toHaveAttribute('data-fullscreen', 'true');
      // The stretched frame fills the harness page; a phone-sized page keeps the phone layout.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(player).toHaveAttribute('data-layout', 'mobile');
      const box = (await page.locator('#player-frame').boundingBox())!;
      expect([box.width, box.height]).toEqual([390, 844]);
      await clickControl(frame, frame.getByTestId('stretched-close'));
      await expect(messagesIn(page).filter({ hasText: '"exitFullScreen"' })).toHaveCount(1);
      await expect(page.locator('#player-frame')).toHaveAttribute('data-fullscreen', 'false');
      await expect(frame.getByTestId('stretched-close')).toHaveCount(0);
    });
  });
});
