/** Business constants of SPEC.md §9, named once. Times in milliseconds unless the name says seconds. */
export const CONTROLS_HIDE_DELAY_MS = 1000;
export const SEEK_STEP_S = 10;
/** The end-of-episode card shows in the last this many seconds of an episode that has a next one. */
export const FINISH_WINDOW_LEAD_S = 10;
export const DOUBLE_CLICK_SEEK_ZONE = 0.2;
export const PROGRESS_SAVE_THROTTLE_MS = 10_000;
export const DEMO_MIDROLL_INTERVAL_S = 10;
export const AD_TIMEUPDATE_THROTTLE_MS = 1000;
export const PLAYBACK_PROGRESS_MARKS = [0.1, 0.25, 0.5, 0.75, 0.95, 1] as const;
export const TIMEUPDATE_ANALYTICS_INTERVAL_MS = 60_000;
export const AD_QUARTILES = [0.25, 0.5, 0.75] as const;
export const VOLUME_MIN = 0;
export const VOLUME_MAX = 1;
export const VOLUME_STEP = 0.05;
export const DEFAULT_VOLUME = 1;
export const DEFAULT_MUTED = false;
export const NORMAL_PLAYBACK_RATE = 1;
export const STREAM_TICK_MS = 100;
export const AD_UNKNOWN_TIME = -2;
export const AD_HANDSHAKE_VERSION = '2.0';
export const FINGERPRINT_COOKIE_DAYS = 365;
export const FINGERPRINT_TIMEOUT_MS = 1000;

/** Storage keys of SPEC.md §3. */
export const STORAGE_KEYS = {
  episodesTimeProgress: 'episodesTimeProgress',
  volume: 'player-volume',
  muted: 'player-muted',
  favoriteAudioTracks: 'favoriteAudioTracks',
  /** The viewer's playback rate and subtitles (features/tracks/preferences.ts). */
  preferences: 'player-preferences',
  /** 'Пропускать заставку': skip intros by themselves (features/chapters), a boolean. */
  skipIntro: 'player-skip-intro',
} as const;

export const COOKIE_KEYS = {
  authToken: 'authToken',
  refreshToken: 'refreshToken',
  deviceFingerprint: 'device_fp',
} as const;

export const CATALOG_BASE_PATH = '/catalog-api';
export const AUTHENTICATOR_BASE_PATH = '/authenticator';

// Player surface (issue 4). Not SPEC constants, but named once like them.
/** How long a single click waits for a second one before it toggles pause (or, on mobile, the controls). */
export const DOUBLE_CLICK_WINDOW_MS = 250;
/** How long the "10 s" ripple of a double-click seek stays on screen. */
export const SEEK_FLASH_MS = 650;
/** The small-screen query that selects the mobile layout (SPEC.md §2). */
export const MOBILE_LAYOUT_QUERY = '(max-width: 640px), (pointer: coarse) and (max-height: 500px)';
/** Speeds offered in the 'Скорость' menu; NORMAL_PLAYBACK_RATE reads 'Обычная'. */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
/** Audio tracks whose label names AC3 are dropped unless preferred (SPEC.md §9). */
export const AC3_LABEL_PATTERN = /\bAC-?3\b/i;

// Ads (issue 5). Not SPEC constants, but named once like them.
/** A VAST request (each link of a wrapper chain) slower than this fails with 350. */
export const VAST_LOAD_TIMEOUT_MS = 5000;
/** Wrappers followed before an ad fails with 302. */
export const VAST_WRAPPER_LIMIT = 5;
/** An ad asked to play that shows no frame within this fails with 402. */
export const AD_MEDIA_TIMEOUT_MS = 8000;
/** Demo mode's two fixed sample VAST links (SPEC.md §9), relative to the base URL. */
export const DEMO_VAST_LINKS = ['ads/vast/demo-1.xml?creativeId=demo-1', 'ads/vast/demo-2.xml?creativeId=demo-2'] as const;
/**
 * A content time jump larger than this between two ticks is a seek, not played time (mid-roll
 * clock). Ticks come once a second of media while it plays (up to 1.5 s apart at 2× speed).
 */
export const MIDROLL_MAX_TICK_S = 2.5;

/**
 * How long work kept off the start-up path (the Sentry SDK, the device fingerprint) waits for a
 * first frame that is not coming by itself (no autoplay, a page that waits for the viewer) before
 * it runs anyway (see platform/after-start-up).
 */
export const AFTER_START_UP_FALLBACK_MS = 4000;
/**
 * The same wait when the start plays by itself: a phone on a mobile network shows its first frame
 * after 4–5 s, and the stream must have the link to itself until then. Past this, the start has
 * stalled and the work runs anyway.
 */
export const AFTER_START_UP_STALLED_MS = 20_000;
/**
 * After the first frame, that work waits until the content holds this much ahead of the playhead
 * (on a slow link it would take the segments' bandwidth), or for AFTER_START_UP_BUFFER_MAX_MS at most.
 */
export const AFTER_START_UP_BUFFER_S = 10;
export const AFTER_START_UP_BUFFER_MAX_MS = 10_000;
/**
 * When the page's start plays the stream itself, the app's chunks (about 130 KiB) wait after its
 * first frame until the content holds this much ahead, or APP_BUFFER_MAX_MS at most: asked for
 * at the frame, on a phone's link, they left the buffer under a second. The shell's controls work
 * meanwhile, and a tap on what only the app does brings it at once.
 */
export const APP_BUFFER_S = 4;
export const APP_BUFFER_MAX_MS = 3000;
/**
 * How long the page waits for its start-up answers before it evaluates the app anyway (start/app-turn.ts):
 * on a slow network the loading screen comes at most this much later. Counted from the entry's
 * evaluation, which on a slow CPU is late itself, so a slow CPU alone does not reach it.
 */
export const APP_ANSWERS_LIMIT_MS = 1000;
/**
 * Once the answers are in, how long the page waits for the stream's first frame before it
 * evaluates the app anyway: a slow media network, or a hidden page, where no frame is presented.
 */
export const APP_MEDIA_LIMIT_MS = 3000;
/**
 * When the model will start the stream (a pre-roll, a resume prompt, no autoplay), how long after
 * that is known the page waits for its first decoded frame before it shows the app's screen
 * anyway: the viewer waits for the controls. On a fast network the frame comes first, and the app
 * is then evaluated with the buffer filled (measured: the first ad frame 102 ms after the click,
 * against 157 ms with the app evaluated at once).
 */
export const APP_SCREEN_LIMIT_MS = 1000;
/**
 * How long a page that waits for the viewer's click, with the page's shell playing it, is left to
 * the viewer after its first frame is decoded before the app is evaluated anyway (its menus, title,
 * episodes). The app's evaluation is about a second's long task on a phone: started when the
 * picture appears, it held up the tap the picture invites (issue 47's first-tap bench).
 */
export const APP_IDLE_LIMIT_MS = 4000;

// Start watchdog (issue 22). Not SPEC constants, but named once like them.
/**
 * A play intent (a click, autoplay, the release of a deferred play) that has neither shown a frame
 * nor loaded anything for this long ends in the stream error: no endless spinner.
 */
export const START_STALL_LIMIT_MS = 20_000;
/**
 * However the loading moves, a start that shows no frame this long after its intent ends in the
 * stream error too: a stream whose pieces keep arriving but never play is broken, not slow.
 */
export const START_FRAME_LIMIT_MS = 60_000;

// Seek previews (issue 25 item 1). Not SPEC constants, but named once like them.
/** A seek-preview track (WebVTT) larger than this is refused unread: a real one is a few KB. */
export const THUMBNAIL_TRACK_MAX_BYTES = 1024 * 1024;
/** A seek-preview track not fully read by then is given up; the time tooltip stays alone. */
export const THUMBNAIL_TRACK_TIMEOUT_MS = 5000;

// Chapters (issue 41). Not SPEC constants, but named once like them.
/** A chapters file (WebVTT) larger than this is refused unread: a real one is a few hundred bytes. */
export const CHAPTERS_TRACK_MAX_BYTES = 256 * 1024;
/** A chapters file not fully read by then is given up: the episode plays without chapters. */
export const CHAPTERS_TRACK_TIMEOUT_MS = 5000;
/** Chapters kept, the earliest first: more would be unreadable as gaps on the seek bar. */
export const CHAPTERS_MAX = 100;
/** A chapter title longer than this is cut (with '…'): it is shown in one line of a tooltip. */
export const CHAPTER_TITLE_MAX_CHARS = 200;
/** The skip button stays on screen this long after the playhead enters the chapter, controls or not. */
export const SKIP_BUTTON_SHOWN_S = 8;
/** A skip lands at least this far before the end: a skip never ends the episode by itself. */
export const SKIP_END_MARGIN_S = 0.5;
