/**
 * Seek previews (issue 25 item 1). The film's master names `thumbnails.vtt`
 * (`#EXT-X-SESSION-DATA:DATA-ID="com.filmplayer.thumbnails"`), a WebVTT track of 160×90 tiles of
 * `thumbnails/sprite-0.jpg`, one per 2 s (fixtures/README.md). Neither is fetched before the
 * viewer first hovers the seek slider; then the frame for that time shows above the time tooltip.
 */
import { expect, test, clickControl, expectPlaysPast, openHarness, playerClient, servedPaths } from './support';

const TRACK = '/media/hls/film/thumbnails.vtt';
const SPRITE = '/media/hls/film/thumbnails/sprite-0.jpg';

test('hovering the seek slider at 50% shows the frame for 0:00:15, and the track and sprite are fetched only then', async ({ page }, testInfo) => {
  const frame = await openHarness(page, { scenario: 'film' });
  await expectPlaysPast(frame, 1);
  // Paused, the controls stay on screen while the pointer moves over them.
  await clickControl(frame, frame.getByTestId('play-toggle'));
  await expect(frame.getByTestId('player')).toHaveAttribute('data-status', 'paused');
  const client = await playerClient(page);
  const previewRequests = async () => (await servedPaths(page, client)).filter((line) => line.endsWith(TRACK) || line.endsWith(SPRITE));
  // The stream loaded and played, and the controls were used: still nothing of the previews.
  expect(await previewRequests()).toEqual([]);
  await expect(frame.getByTestId('seek-preview')).toHaveCount(0);

  const slider = frame.getByTestId('seek-slider');
  const box = (await slider.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);

  const preview = frame.getByTestId('seek-preview');
  await expect(preview).toBeVisible({ timeout: 10_000 });
  // 15 s is the cue 0:00:14–0:00:16, the 8th tile of the film's first row (x = 7 × 160).
  await expect(preview).toHaveCSS('background-image', new RegExp(`^url\\("http://[^"]+${SPRITE.replace(/\./g, '\\.')}"\\)$`));
  await expect(preview).toHaveCSS('background-position', '-1120px 0px');
  const size = await preview.evaluate((element) => [element.getBoundingClientRect().width, element.getBoundingClientRect().height]);
  expect(size).toEqual([160, 90]);
  // Above the time tooltip, which still shows.
  const tooltip = frame.getByTestId('seek-tooltip');
  await expect(tooltip).toHaveText(/^0:00:1[45]$/);
  const previewBox = (await preview.boundingBox())!;
  expect(previewBox.y + previewBox.height).toBeLessThanOrEqual((await tooltip.boundingBox())!.y);

  // Fetched on this first hover: the track once, then the sprite (the browser's memory cache decides
  // whether the image comes again when the position changes, so its count is not pinned).
  await expect.poll(async () => (await previewRequests()).includes(`200 ${SPRITE}`), { timeout: 10_000 }).toBe(true);
  const served = await previewRequests();
  expect(served[0]).toBe(`200 ${TRACK}`);
  expect(served.filter((line) => line.endsWith(TRACK))).toEqual([`200 ${TRACK}`]);
  expect(served.filter((line) => !line.startsWith('200 '))).toEqual([]);
  // For docs/screenshots/player-seek-preview.png (the pointer still over the slider).
  await page.locator('#player-frame').screenshot({ path: testInfo.outputPath('seek-preview-desktop.png') });
});
