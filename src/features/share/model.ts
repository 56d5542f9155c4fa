import { combine, createEvent, createStore, sample, type Event, type Store } from 'effector';
import type { ContentDto, EpisodeDto } from '../../api/dto';
import { checkNativeShareFx, copyTextFx, nativeShareFx, readTopPageUrlFx } from '../../platform/share';
import { sendStatFx, stat } from '../../platform/stats';
import { episodeAddress, isOpenableUrl, SHARE_TARGETS, shareLink, shareTargetUrl, type ShareTargetId } from './targets';
import { httpUrl } from '../../lib/url';

/** What share hears from the other features, named by what it is to share. */
export interface ShareDeps {
  /** The app has started (session): share reads the page's address and whether a share sheet exists. */
  appStarted: Event<unknown>;
  /** The controls' share button (playback). */
  shareClicked: Event<void>;
  /** Whether the player offers sharing (playback: disabled_share). */
  $shareEnabled: Store<boolean>;
  /** The small screens' layout (playback). */
  $mobileLayout: Store<boolean>;
  /** The playhead, for the link's timecode (playback). */
  $currentTime: Store<number>;
  $content: Store<ContentDto | null>;
  $currentEpisode: Store<EpisodeDto | null>;
  /** The title the networks' links carry (session). */
  $title: Store<string | null>;
}

export type ShareModel = ReturnType<typeof createShare>;

const $nativeShare = createStore(false).on(checkNativeShareFx.doneData, (_, available) => available);
const $readPageUrl = createStore<string | null>(null).on(readTopPageUrlFx.doneData, (_, url) => url);

/** The share popup and the system share sheet, built on the units of the features share hears. */
export function createShare(deps: ShareDeps) {
  const shareStarted = createEvent();
  const sharePopupClosed = createEvent();
  const timecodeToggled = createEvent<boolean>();
  const copyClicked = createEvent();
  const networkClicked = createEvent<ShareTargetId>();
  /**
   * The embedding page told its current address (the embed protocol's setPageUrl, checked there
   * against the sender's origin). It wins over the referrer: the referrer may be the origin alone
   * (the browser's default policy), and a single-page site changes its address after the frame loads.
   */
  const pageAddressReported = createEvent<string>();

  const $reportedPageUrl = createStore<string | null>(null).on(pageAddressReported, (_, url) => httpUrl(url) ?? undefined);
  /** The address shared: the one the page reported, else the referrer, the embedding origin or the player's own (see readTopPageUrlFx). */
  const $pageUrl = combine($reportedPageUrl, $readPageUrl, (reported, read) => reported ?? read);
  const $withTimecode = createStore(false).on(timecodeToggled, (_, on) => on);
  const $copied = createStore(false).on(copyTextFx.doneData, (_, ok) => ok).reset([sharePopupClosed, timecodeToggled]);

  const $sharePopupOpen = createStore(false)
    .on(sharePopupClosed, () => false)
    .reset(deps.$shareEnabled.updates.filter({ fn: (enabled) => !enabled }));

  const { $shareLink, $shareTargets } = createLinks(deps, $pageUrl, $withTimecode);

  // Share starts with the page.
  sample({ clock: deps.appStarted, fn: () => undefined, target: shareStarted });
  sample({ clock: shareStarted, target: [readTopPageUrlFx, checkNativeShareFx] });

  /** Small screens use the system share sheet where there is one; otherwise the popup toggles. */
  const useNative = sample({
    clock: deps.shareClicked,
    source: { mobile: deps.$mobileLayout, native: $nativeShare, link: $shareLink, title: deps.$title },
    filter: ({ mobile, native, link }) => mobile && native && link !== null,
    fn: ({ link, title }) => ({ url: link!, title: title ?? '' }),
  });
  sample({ clock: useNative, target: nativeShareFx });
  sample({
    clock: deps.shareClicked,
    source: { open: $sharePopupOpen, mobile: deps.$mobileLayout, native: $nativeShare },
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

  return {
    shareStarted,
    sharePopupClosed,
    timecodeToggled,
    copyClicked,
    networkClicked,
    pageAddressReported,
    $pageUrl,
    $withTimecode,
    $copied,
    $sharePopupOpen,
    $shareLink,
    $shareTargets,
  };
}

type ShareTarget = (typeof SHARE_TARGETS)[number];

/** The link shared, and the networks' links for it. */
function createLinks(deps: ShareDeps, $pageUrl: Store<string | null>, $withTimecode: Store<boolean>) {
  /**
   * The timecode a link carries, in whole seconds, and only while the box asks for one: without it
   * the link does not depend on the playhead, and a playing film does not rebuild it every second.
   */
  const $linkSecond = combine(deps.$currentTime, $withTimecode, (time, withTimecode) => (withTimecode ? Math.round(time) : null));

  /** A series' current episode, as its link names it (season and episode order); null for a film. */
  const $episodeAddress = combine(deps.$content, deps.$currentEpisode, (content, episode) => episodeAddress(content?.hasMultipleEpisodes ?? false, episode));

  const $shareLink = combine($pageUrl, $linkSecond, $episodeAddress, (url, time, episode) =>
    url === null ? null : shareLink(url, time ?? Number.NaN, time !== null, episode),
  );

  /** The popup's networks with their links for the shared link and title, in order; only http(s) links are ever offered. */
  const $shareTargets = combine($shareLink, deps.$title, (link, title): Array<{ target: ShareTarget; href: string }> =>
    link === null
      ? []
      : SHARE_TARGETS.flatMap((target) => {
          const href = shareTargetUrl(target, link, title ?? '');
          return isOpenableUrl(href) ? [{ target, href }] : [];
        }),
  );
  return { $shareLink, $shareTargets };
}
