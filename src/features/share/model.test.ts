import { allSettled, createWatch, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { checkNativeShareFx, copyTextFx, nativeShareFx, readTopPageUrlFx } from '../../platform/share';
import { sendStatFx, type StatEvent } from '../../platform/stats';
import { SHARE_TARGETS } from './targets';
import type { ContentDto, EpisodeDto } from '../../api/dto';
import { createSession } from '../session';
import { linked } from '../../test-support/linked';
import { createShare } from './model';
import { createPlayback } from '../playback';

// Playback, built by its factory as the player builds it.
const playback = linked(createPlayback);
const { $currentTime, $mobileLayout, $shareEnabled, shareAvailabilitySet, shareClicked } = playback;

// Share on the session it hears, each built by its factory, as the player builds them.
const { $content, $currentEpisode, $title, appStarted } = linked(createSession);
const {
  $sharePopupOpen, $shareLink, $shareTargets, copyClicked, networkClicked, pageAddressReported, sharePopupClosed, shareStarted, timecodeToggled,
} = linked(() => createShare({ appStarted, shareClicked, $shareEnabled, $mobileLayout, $currentTime, $content, $currentEpisode, $title }));

async function setup({ mobile = false, native = false } = {}) {
  const copied: string[] = [];
  const shared: Array<{ url: string }> = [];
  const stats: string[] = [];
  const scope = fork({
    values: [
      [$mobileLayout, mobile],
      [$currentTime, 83.6],
    ],
    handlers: [
      [readTopPageUrlFx, () => 'https://site.example/watch/5?t=9&x=1'],
      [checkNativeShareFx, () => native],
      [copyTextFx, (text: string) => (copied.push(text), true)],
      [nativeShareFx, (data: { url: string }) => (shared.push(data), true)],
      [sendStatFx, (stat: StatEvent) => (stats.push(stat.event), true)],
    ],
  });
  await allSettled(shareStarted, { scope });
  return { scope, copied, shared, stats };
}

describe('share', () => {
  it('the popup link carries t with the rounded seconds only when the box is checked', async () => {
    const { scope, copied, stats } = await setup();
    await allSettled(shareClicked, { scope });
    expect(scope.getState($sharePopupOpen)).toBe(true);
    expect(scope.getState($shareLink)).toBe('https://site.example/watch/5?x=1');
    await allSettled(timecodeToggled, { scope, params: true });
    expect(scope.getState($shareLink)).toBe('https://site.example/watch/5?x=1&t=84');
    await allSettled(copyClicked, { scope });
    expect(copied).toEqual(['https://site.example/watch/5?x=1&t=84']);
    expect(stats).toEqual(['popup_share_open', 'popup_share_timecode_on', 'popup_share_copy']);
  });

  it('without the timecode the link does not follow the playhead; with it, it follows the rounded second', async () => {
    const { scope } = await setup();
    const links: Array<string | null> = [];
    const watch = createWatch({ unit: $shareLink, scope, fn: (link) => links.push(link) });
    await allSettled($currentTime, { scope, params: 90.2 });
    await allSettled($currentTime, { scope, params: 91.4 });
    expect(links).toEqual([]);
    await allSettled(timecodeToggled, { scope, params: true });
    await allSettled($currentTime, { scope, params: 92.1 });
    watch.unsubscribe();
    expect(links).toEqual(['https://site.example/watch/5?x=1&t=91', 'https://site.example/watch/5?x=1&t=92']);
  });

  it("the address the page reports wins over the referrer, follows the page's later changes, and a non-http one is ignored", async () => {
    const { scope } = await setup();
    await allSettled(pageAddressReported, { scope, params: 'https://site.example/films/kino-123?from=list' });
    expect(scope.getState($shareLink)).toBe('https://site.example/films/kino-123?from=list');
    await allSettled(pageAddressReported, { scope, params: 'https://site.example/films/kino-456' });
    await allSettled(pageAddressReported, { scope, params: 'javascript:alert(1)' });
    await allSettled(timecodeToggled, { scope, params: true });
    expect(scope.getState($shareLink)).toBe('https://site.example/films/kino-456?t=84');
  });

  it("a series' link names the current episode by season and episode, and follows it; a film's names none", async () => {
    const { scope } = await setup();
    const s2e3 = { id: 10223, order: 3, season: { id: 1022, order: 2 } } as EpisodeDto;
    await allSettled($content, { scope, params: { id: 102, hasMultipleEpisodes: true } as ContentDto });
    await allSettled($currentEpisode, { scope, params: s2e3 });
    expect(scope.getState($shareLink)).toBe('https://site.example/watch/5?x=1&season=2&episode=3');
    await allSettled(timecodeToggled, { scope, params: true });
    expect(scope.getState($shareLink)).toBe('https://site.example/watch/5?x=1&season=2&episode=3&t=84');
    await allSettled($currentEpisode, { scope, params: { ...s2e3, id: 10211, order: 1, season: { id: 1021, order: 1 } } });
    expect(scope.getState($shareLink)).toBe('https://site.example/watch/5?x=1&season=1&episode=1&t=84');
    await allSettled($content, { scope, params: { id: 101, hasMultipleEpisodes: false } as ContentDto });
    expect(scope.getState($shareLink)).toBe('https://site.example/watch/5?x=1&t=84');
  });

  it('small screens with a share sheet use it instead of the popup', async () => {
    const { scope, shared, stats } = await setup({ mobile: true, native: true });
    await allSettled(shareClicked, { scope });
    expect(scope.getState($sharePopupOpen)).toBe(false);
    expect(shared.map((d) => d.url)).toEqual(['https://site.example/watch/5?x=1']);
    expect(stats).toEqual(['popup_share_native']);
  });

  it('sends popup_share_{network} for each of the five networks, and the time code going off and the popup closing', async () => {
    const { scope, stats } = await setup();
    await allSettled(shareClicked, { scope });
    for (const { id } of SHARE_TARGETS) await allSettled(networkClicked, { scope, params: id });
    await allSettled(timecodeToggled, { scope, params: true });
    await allSettled(timecodeToggled, { scope, params: false });
    await allSettled(sharePopupClosed, { scope });
    // The share button closes it too.
    await allSettled(shareClicked, { scope });
    await allSettled(shareClicked, { scope });
    expect(stats).toEqual([
      'popup_share_open',
      'popup_share_vk',
      'popup_share_ok',
      'popup_share_telegram',
      'popup_share_whatsapp',
      'popup_share_x',
      'popup_share_timecode_on',
      'popup_share_timecode_off',
      'popup_share_close',
      'popup_share_open',
      'popup_share_close',
    ]);
  });

  it('disabled_share closes the popup', async () => {
    const { scope } = await setup();
    await allSettled(shareClicked, { scope });
    await allSettled(shareAvailabilitySet, { scope, params: false });
    expect(scope.getState($sharePopupOpen)).toBe(false);
  });

  it('offers each network with its link for the shared link and title, in order; none before there is a link', async () => {
    const { scope } = await setup();
    await allSettled($content, { scope, params: { id: 101, title: 'Фильм & co', hasMultipleEpisodes: false } as ContentDto });
    const targets = scope.getState($shareTargets);
    expect(targets.map(({ target }) => target.id)).toEqual(SHARE_TARGETS.map((target) => target.id));
    expect(targets[0]!.href).toBe(`https://vk.com/share.php?url=${encodeURIComponent(scope.getState($shareLink)!)}&title=${encodeURIComponent('Фильм & co')}`);
    expect(targets.every(({ href }) => href.startsWith('https://'))).toBe(true);
    expect(fork().getState($shareTargets)).toEqual([]);
  });
});
