/**
 * Every statistics event the player sends to the page's rstat4 (SPEC.md §7, §8), with its
 * payload: one list, as hls.js's `HlsListeners` is for its events. The keys are the names on the
 * wire; the code writes them without the prefix (`stat('ad_play', …)`, platform/stats.ts), and
 * the typecheck refuses a name or a payload that is not here.
 *
 * Payloads are object types, not interfaces, so that each stays a plain record. Events beyond
 * SPEC.md say so, with their issue.
 */
import type { EngineErrorKind } from '../engine/types';
import type { AutoplayResult } from '../lib/autoplay';
import type { DeviceType } from '../lib/device';
import type { NetworkClass } from '../lib/network';

export const STAT_PREFIX = 'videoplayer_';

/** The fields every playback event carries (analytics/model.ts). Never a token, cookie, URL or the fingerprint. */
type StatCommonFields = {
  contentId: number | null;
  episodeId: number | null;
  /** The film-database title id ('tt0111161'); null when the content has none. */
  imdbId: string | null;
  /** Content time, seconds. */
  position: number;
  duration: number;
  deviceType: DeviceType;
};

/** A stream error as analytics reports it (SPEC.md §8; analytics/model.ts errorPayload). */
export type StatErrorFields = {
  errorType: EngineErrorKind;
  /** hls.js's ErrorDetails name, e.g. 'manifestLoadError'. */
  details: string;
  fatal: boolean;
  /** The class of the engine's bandwidth estimate (SPEC.md §9); 'unknown' before any measurement. */
  networkType: NetworkClass | 'unknown';
  /** Seconds buffered ahead of the playhead, to the millisecond. */
  bufferedLength: number;
  responseCode: number | null;
};

/** The fields every ad event carries (ads/model/tracking.ts adStat). */
type StatAdFields = {
  /** The creativeId of the VAST link; null when it has none. */
  adId: string | null;
  /** The break's kind. */
  type: 'preroll' | 'midroll' | null;
  /** Ad time, seconds, to a tenth. */
  currentTime: number;
  /** The media's duration once known, else the VAST one; null when neither. */
  duration: number | null;
};

/** An ad status change: the new status and the one before (AdStatus values, e.g. 'STARTED'). */
type StatAdStatusChange = { status: string; from: string };

/** The end-of-episode card's trigger: 'end' (the last seconds) or 'credits' (the credits chapter); 'end' when the card is not up. */
type StatFinishWindowFields = { trigger: 'credits' | 'end' };

/** An event that carries nothing: it is sent with `{}`. */
export type NoPayload = Record<string, never>;

/** Each event by its name on the wire, with the payload it carries. */
export interface StatEvents {
  // Playback (SPEC.md §7) and errors (§8): analytics/model.ts.
  /** At 0.1, 0.25, 0.5, 0.75, 0.95 and 1 of playback; each once per episode, skipped marks once when seeking forward. */
  videoplayer_progress: StatCommonFields & { mark: number };
  /** Every 60000 ms while content plays (not paused, not during an ad). */
  videoplayer_timeupdate: StatCommonFields;
  /** A stream error, with the error type, the estimated network type and the buffered length. */
  videoplayer_error: StatCommonFields & StatErrorFields;
  /** Sent additionally to videoplayer_error when the error detail contains 'buffer'. */
  videoplayer_bufferingError: StatCommonFields & StatErrorFields;
  /** A frame-rate drop: over 10 % of the frames dropped in a sample window. */
  videoplayer_fps_drop: StatCommonFields & { droppedFrames: number; totalFrames: number; windowMs: number };
  /** A library load error: the streaming engine's code failed to load. */
  videoplayer_library_load_error: StatCommonFields & { message: string };
  /** Beyond SPEC.md (issue 41): a chapter's skip button appeared, once per chapter and episode; `role` is 'intro' or 'recap'. */
  videoplayer_skip_intro_show: StatCommonFields & { role: string };
  /** Beyond SPEC.md (issue 41): the viewer pressed the skip button (a skip by the setting is no press). */
  videoplayer_skip_intro_click: StatCommonFields & { role: string };

  // Quality of experience, beyond SPEC.md (issue 25): analytics/qoe-model.ts, figures from qoe.ts.
  /** The content's first frame showed: ms from the play intent, and the ad time before it. */
  videoplayer_qoe_startup: StatCommonFields & { startupMs: number | null; adMs: number };
  /** One per playback, at its end, at pagehide or when the episode changes, whichever comes first. */
  videoplayer_qoe_summary: StatCommonFields & {
    watchedMs: number;
    rebufferCount: number;
    rebufferMs: number;
    rebufferRatio: number;
    startupMs: number | null;
    exitedBeforeStart: boolean;
    adStartFailures: number;
    averageBitrate: number | null;
    qualitySwitches: number;
  };

  /** Beyond SPEC.md: how an autoplay ended (sound, muted by the browser, or blocked); once per autoplay. playback/autoplay.ts. */
  videoplayer_autoplay: { result: AutoplayResult };

  // Ads (SPEC.md §7): ads/model/tracking.ts.
  /** An ad was created for a break, before its media loads. */
  videoplayer_ad_init: StatAdFields;
  /** The ad's media loaded (`from` is absent when its first frame came before canplaythrough). */
  videoplayer_ad_loaded: StatAdFields & { status: string; from?: string };
  /** The ad started, or resumed from a pause. */
  videoplayer_ad_play: StatAdFields & StatAdStatusChange;
  /** The ad paused. */
  videoplayer_ad_pause: StatAdFields & StatAdStatusChange;
  /** The ad ended: completed, skipped or stopped. */
  videoplayer_ad_ended: StatAdFields & StatAdStatusChange;
  /** While an ad plays, throttled to 1 per second (of wall time, across the ads of a break). */
  videoplayer_ad_timeupdate: StatAdFields;
  /** The viewer skipped the ad with its skip button 'Пропустить'. */
  videoplayer_ad_skip_btn_click: StatAdFields;
  /** The viewer clicked the ad (its click-through opened). */
  videoplayer_ad_banner_click: StatAdFields;

  // The resume prompt 'Вы остановились на h:mm:ss' (SPEC.md §2, §7 stoppedHere_window_*): app/links/progress.ts.
  /** The prompt was offered before the first start, with the saved position in seconds. */
  videoplayer_stoppedHere_window_open: { position: number };
  /** 'Продолжить просмотр'. */
  videoplayer_stoppedHere_window_continue: NoPayload;
  /** 'Начать сначала'. */
  videoplayer_stoppedHere_window_restart: NoPayload;

  // The share popup (SPEC.md §2, §7 popup_share_*): share/model.ts.
  /** The popup opened. */
  videoplayer_popup_share_open: NoPayload;
  /** The popup closed. */
  videoplayer_popup_share_close: NoPayload;
  /** On a small screen, the native share was used instead of the popup. */
  videoplayer_popup_share_native: NoPayload;
  /** The copy-link button. */
  videoplayer_popup_share_copy: NoPayload;
  /** 'Поделиться с тайм кодом' checked. */
  videoplayer_popup_share_timecode_on: NoPayload;
  /** 'Поделиться с тайм кодом' unchecked. */
  videoplayer_popup_share_timecode_off: NoPayload;
  /** The ВКонтакте link (one event per network: `popup_share_${ShareTargetId}`, share/model.ts). */
  videoplayer_popup_share_vk: NoPayload;
  /** The Одноклассники link. */
  videoplayer_popup_share_ok: NoPayload;
  /** The Telegram link. */
  videoplayer_popup_share_telegram: NoPayload;
  /** The WhatsApp link. */
  videoplayer_popup_share_whatsapp: NoPayload;
  /** The X link. */
  videoplayer_popup_share_x: NoPayload;

  // The 'Сезоны и серии' menu (SPEC.md §2, §7 seasonsAndEpisodes_*): app/links/series.ts.
  /** The menu opened. */
  videoplayer_seasonsAndEpisodes_open: NoPayload;
  /** The menu closed. */
  videoplayer_seasonsAndEpisodes_close: NoPayload;
  /** A season was picked in the season list. */
  videoplayer_seasonsAndEpisodes_season_click: { seasonId: number };
  /** Back from the episode list to the season list. */
  videoplayer_seasonsAndEpisodes_back: NoPayload;
  /** An episode was picked. */
  videoplayer_seasonsAndEpisodes_episode_click: { episodeId: number };

  // The settings menu's 'Аудио' list (SPEC.md §2, §7 settings_audio_*): menus/model.ts.
  /** The 'Аудио' list opened. */
  videoplayer_settings_audio_open: NoPayload;
  /** An audio track was chosen, with the label the list showed. */
  videoplayer_settings_audio_select: { label: string };

  // The end-of-episode card (SPEC.md §7 finishEpisode_window_*): series/finish-window.ts.
  /** The card came up, for an episode with a next one, never during an ad. */
  videoplayer_finishEpisode_window_show: StatFinishWindowFields;
  /** The card's next-episode button. */
  videoplayer_finishEpisode_window_next_click: StatFinishWindowFields;
  /** The card was closed (×). */
  videoplayer_finishEpisode_window_close: StatFinishWindowFields;
  /** 'Смотреть титры' (issue 41): the card closes and the credits play. */
  videoplayer_finishEpisode_window_credits_click: StatFinishWindowFields;
}

/** An event's name on the wire. */
export type StatWireName = keyof StatEvents;

/**
 * Every wire name, in the catalogue's order, for code that needs the list at run time (the
 * catalogue's test). The annotation makes the typecheck fail when this and StatEvents differ.
 */
const LISTED: { [Name in StatWireName]: true } = {
  videoplayer_progress: true,
  videoplayer_timeupdate: true,
  videoplayer_error: true,
  videoplayer_bufferingError: true,
  videoplayer_fps_drop: true,
  videoplayer_library_load_error: true,
  videoplayer_skip_intro_show: true,
  videoplayer_skip_intro_click: true,
  videoplayer_qoe_startup: true,
  videoplayer_qoe_summary: true,
  videoplayer_autoplay: true,
  videoplayer_ad_init: true,
  videoplayer_ad_loaded: true,
  videoplayer_ad_play: true,
  videoplayer_ad_pause: true,
  videoplayer_ad_ended: true,
  videoplayer_ad_timeupdate: true,
  videoplayer_ad_skip_btn_click: true,
  videoplayer_ad_banner_click: true,
  videoplayer_stoppedHere_window_open: true,
  videoplayer_stoppedHere_window_continue: true,
  videoplayer_stoppedHere_window_restart: true,
  videoplayer_popup_share_open: true,
  videoplayer_popup_share_close: true,
  videoplayer_popup_share_native: true,
  videoplayer_popup_share_copy: true,
  videoplayer_popup_share_timecode_on: true,
  videoplayer_popup_share_timecode_off: true,
  videoplayer_popup_share_vk: true,
  videoplayer_popup_share_ok: true,
  videoplayer_popup_share_telegram: true,
  videoplayer_popup_share_whatsapp: true,
  videoplayer_popup_share_x: true,
  videoplayer_seasonsAndEpisodes_open: true,
  videoplayer_seasonsAndEpisodes_close: true,
  videoplayer_seasonsAndEpisodes_season_click: true,
  videoplayer_seasonsAndEpisodes_back: true,
  videoplayer_seasonsAndEpisodes_episode_click: true,
  videoplayer_settings_audio_open: true,
  videoplayer_settings_audio_select: true,
  videoplayer_finishEpisode_window_show: true,
  videoplayer_finishEpisode_window_next_click: true,
  videoplayer_finishEpisode_window_close: true,
  videoplayer_finishEpisode_window_credits_click: true,
};
export const STAT_EVENTS: readonly StatWireName[] = Object.keys(LISTED) as StatWireName[];

/** An event's name as the code writes it: the wire name without `videoplayer_`. */
export type StatName = StatWireName extends infer Name ? (Name extends `${typeof STAT_PREFIX}${infer Short}` ? Short : never) : never;

/** What the event `Name` (or each of a union of names) carries. */
export type StatPayload<Name extends StatName> = StatEvents[`${typeof STAT_PREFIX}${Name}` & StatWireName];

/**
 * One event as sendStatFx takes it, for `Name` or any of a union of names. An event that
 * carries nothing may leave its payload out.
 */
export type Stat<Name extends StatName = StatName> = {
  [N in Name]: NoPayload extends StatPayload<N> ? { event: N; payload?: StatPayload<N> } : { event: N; payload: StatPayload<N> };
}[Name];
