/**
 * Playback's model, built by createPlayback (ADR 0006): the composition root builds it first
 * (app/create-features.ts) and hands its units to the features and links that hear it. Its parts
 * are made in the order the modules once wired themselves on import, so two reactions on one
 * event still run in that order. The pure rules stay plain exports.
 */
import { createPlaybackEvents } from './events';
import { createStatus } from './status';
import { createEngineModel } from './model';
import { createControls } from './controls';
import { createStreamTick } from './tick';
import { createVolume } from './volume';
import { createAutoplay } from './autoplay';
import { createStart } from './start-state';
import { createSeek } from './seek';
import { createGestures } from './gestures';
import { createKeyboard } from './keyboard';
import { createAnnounce } from './announce';

export type { PlaybackStatus } from './status';
export type { SourceRequest } from './events';
export type { StartState } from './start-state';
export { parseVolume, readVolumeState } from './volume';
export { zoneAt, nextGesture } from './gestures';
export { shortcutFor, KEY_SHORTCUTS } from './keyboard';
export type { KeyInput } from './keyboard';

/**
 * Builds playback's model, once per player (a test, in a region it clears): the media's facts and
 * where the content stands; the engine, the source and the commands; the controls and the layout;
 * the stream tick; volume; autoplay's outcome; the start and its watchdog; seeking; the gestures;
 * the keys; the announcements.
 */
export function createPlayback() {
  const events = createPlaybackEvents();
  const status = createStatus(events);
  const engine = createEngineModel(events, status);
  const controls = createControls(events, status);
  const tick = createStreamTick(events, status, controls, engine);
  const volume = createVolume(events, engine);
  const autoplay = createAutoplay(events, engine, volume);
  const start = createStart(events, status, engine);
  const seek = createSeek(events, status, engine);
  const gestures = createGestures(events, controls, seek);
  const keyboard = createKeyboard(events, controls, gestures, seek, volume);
  const announce = createAnnounce(status, seek, engine, volume);
  return { ...events, ...status, ...engine, ...controls, ...tick, ...volume, ...autoplay, ...start, ...seek, ...gestures, ...keyboard, ...announce };
}

/** Playback's model, as createPlayback returns it. */
export type PlaybackModel = ReturnType<typeof createPlayback>;
