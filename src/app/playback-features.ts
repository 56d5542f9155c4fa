/**
 * The features built on playback's units alone: fullscreen and tracks. The composition root builds
 * them here (create-features.ts), and tests that need one build it the same way, without loading
 * every other feature.
 */
import {
  $engine, $isPlaying, $mobileLayout, engineAttached, engineConnected, fullscreenShortcutUsed, playClicked, sourceAdopted, sourceReady,
  sourceRequested, subtitlesShortcutUsed,
} from '../features/playback';
import { createFullscreen } from '../features/fullscreen';
import { createTracks } from '../features/tracks';

/** Fullscreen, picture-in-picture and casting: the engine's surface, the layout, the 'f' key, the play command. */
export const fullscreenOnPlayback = () =>
  createFullscreen({ $engine, engineAttached, $mobileLayout, fullscreenShortcutUsed, sourceReady, $isPlaying, playClicked });

/** Renditions, speed, audio and subtitles: the engine, its sources, the 'c' key. */
export const tracksOnPlayback = () => createTracks({ $engine, engineConnected, sourceAdopted, sourceReady, sourceRequested, subtitlesShortcutUsed });
