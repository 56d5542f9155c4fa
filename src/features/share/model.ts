import { combine, createEvent, createStore, sample } from 'effector';
import { $currentTime, $mobileLayout, $shareEnabled, shareClicked } from '../playback';
import { $content, $currentEpisode, $title, appStarted } from '../session';
import { checkNativeShareFx, copyTextFx, nativeShareFx, readTopPageUrlFx } from '../../platform/share';
import { sendStatFx, stat } from '../../platform/stats';
import { episodeAddress, isOpenableUrl, SHARE_TARGETS, shareLink, shareTargetUrl, type ShareTargetId } from './targets';
import { httpUrl } from '../../lib/url';

export const shareStarted = createEvent();
export const sharePopupClosed = createEvent();
export const timecodeToggled = createEvent<boolean>();
export const copyClicked = createEvent();
export const networkClicked = createEvent<ShareTargetId>();
/**
 * The embedding page told its current address (the embed protocol's setPageUrl, checked there
 * against the sender's origin). It wins over the referrer: the referrer may be the origin alone
 * (the browser's default policy), and a single-page site changes its address after the frame loads.
 */
export const pageAddressReported = createEvent<string>();

const $nativeShare = createStore(false).on(checkNativeShareFx.doneData, (_, available) => available);
const $readPageUrl = createStore<string | null>(null).on(readTopPageUrlFx.doneData, (_, url) => url);
const $reportedPageUrl = createStore<string | null>(null).on(pageAddressReported, (_, url) => httpUrl(url) ?? undefined);
/** The address shared: the one the page reported, else the referrer, the embedding origin or the player's own (see readTopPageUrlFx). */
export const $pageUrl = combine($reportedPageUrl, $readPageUrl, (reported, read) => reported ?? read);
export const $withTimecode = createStore(false).on(timecodeToggled, (_, on) => on);
export const $copied = createStore(false).on(copyTextFx.doneData, (_, ok) => ok).reset([sharePopupClosed, timecodeToggled]);

export const $sharePopupOpen = createStore(false)
  .on(sharePopupClosed, () => false)
  .reset($shareEnabled.updates.filter({ fn: (enabled) => !enabled }));

/**
 * The timecode a link carries, in whole seconds, and only while the box asks for one: without it
 * the link does not depend on the playhead, and a playing film does not rebuild it every second.
 */
const $linkSecond = combine($currentTime, $withTimecode, (time, withTimecode) => (withTimecode ? Math.round(time) : null));

/** A series' current episode, as its link names it (season and episode order); null for a film. */
const $episodeAddress = combine($content, $currentEpisode, (content, episode) => episodeAddress(content?.hasMultipleEpisodes ?? false, episode));

export const $shareLink = combine($pageUrl, $linkSecond, $episodeAddress, (url, time, episode) =>
  url === null ? null : shareLink(url, time ?? Number.NaN, time !== null, episode),
);

type ShareTarget = (typeof SHARE_TARGETS)[number];

/** The popup's networks with their links for the shared link and title, in order; only http(s) links are ever offered. */
export const $shareTargets = combine($shareLink, $title, (link, title): Array<{ target: ShareTarget; href: string }> =>
  link === null
    ? []
    : SHARE_TARGETS.flatMap((target) => {
        const href = shareTargetUrl(target, link, title ?? '');
        return isOpenableUrl(href) ? [{ target, href }] : [];
      }),
);

// Share starts with the page.
sample({ clock: appStarted, fn: () => undefined, target: shareStarted });
sample({ clock: shareStarted, target: [readTopPageUrlFx, checkNativeShareFx] });

/** Small screens use the system share sheet where there is one; otherwise the popup toggles. */
const useNative = sample({
  clock: shareClicked,
  source: { mobile: $mobileLayout, native: $nativeShare, link: $shareLink, title: $title },
  filter: ({ mobile, native, link }) => mobile && native && link !== null,
  fn: ({ link, title }) => ({ url: link!, title: title ?? '' }),
});
sample({ clock: useNative, target: nativeShareFx });
sample({
  clock: shareClicked,
  source: { open: $sharePopupOpen, mobile: $mobileLayout, native: $nativeShare },
  filter: ({ mobile, native }) => !(mobile && native),
  fn: ({ open }) => !open,
  target: $sharePopupOpen,
});

sample({ clock: copyClicked, source: $shareLink, filter: (link): link is string => link !== null, target: copyTextFx });

// Statistics (SPEC.md §7): popup_share_*.
sample({ clock: $sharePopupOpen.updates, fn: (open) => stat(open ? 'popup_share_open' : 'popup_share_close'), target: sendStatFx });
sample({ clock: useNative, fn: () => stat('popup_share_native'), target: sendStatFx });
sample({ clock: copyClicked, fn: () => stat('popup_share_copy'), target: sendStatFx });
sample({ clock: networkClicked, fn: (id) => stat(`popup_share_${id}`), target: sendStatFx });
sample({ clock: timecodeToggled, fn: (on) => stat(on ? 'popup_share_timecode_on' : 'popup_share_timecode_off'), target: sendStatFx });
