/** Business constants of SPEC.md §9, named once. Times in milliseconds unless the name says seconds. */
export const CONTROLS_HIDE_DELAY_MS = 1000;
export const SEEK_STEP_S = 10;
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
} as const;

export const COOKIE_KEYS = {
  authToken: 'authToken',
  refreshToken: 'refreshToken',
  deviceFingerprint: 'device_fp',
} as const;

export const CATALOG_BASE_PATH = '/catalog-api';
export const AUTHENTICATOR_BASE_PATH = '/authenticator';
