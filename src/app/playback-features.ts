/**
 * The features built on playback's units alone: fullscreen and tracks. The composition root builds
 * them here over the playback model (create-features.ts), and tests that need one build it the
 * same way, without loading every other feature.
 */
import type { PlaybackModel } from '../features/playback';
import { createFullscreen } from '../features/fullscreen';
import { createTracks } from '../features/tracks';

/** Fullscreen, picture-in-picture and casting: the engine's surface, the layout, the 'f' key, the play command. */
export const fullscreenOnPlayback = ({ $engineKey, engineAttached, $mobileLayout, fullscreenShortcutUsed, sourceReady, $isPlaying, playClicked }: PlaybackModel) =>
  createFullscreen({ $engineKey, engineAttached, $mobileLayout, fullscreenShortcutUsed, sourceReady, $isPlaying, playClicked });

/** Renditions, speed, audio and subtitles: the engine, its sources, the 'c' key. */
export const tracksOnPlayback = ({ $engineKey, engineConnected, sourceAdopted, sourceReady, sourceRequested, subtitlesShortcutUsed }: PlaybackModel) =>
  createTracks({ $engineKey, engineConnected, sourceAdopted, sourceReady, sourceRequested, subtitlesShortcutUsed });
