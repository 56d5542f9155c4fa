/**
 * The features' links to each other, made in one place and in one order, as hls.js creates its
 * controllers in its constructor. Each feature's `connect` wires what it hears from the others
 * (its connect.ts); a feature's own model is wired by its modules. The order is the one in which
 * two links on the same event run: it is kept as the player has always run them.
 */
import { connectPlayback } from '../features/playback';
import { connectProgress } from '../features/progress';
import { connectAds } from '../features/ads';
import { connectTracks } from '../features/tracks';
import { connectChapters } from '../features/chapters';
import { connectAnalytics } from '../features/analytics';
import { connectSeries } from '../features/series';
import { connectEmbed } from '../features/embed';
import { connectMenus } from '../features/menus';
import { connectFullscreen } from '../features/fullscreen';
import { connectPreviews } from '../features/previews';

/** Every feature with links, by folder name, in the order they are connected. */
export const FEATURE_CONNECTIONS: ReadonlyArray<readonly [feature: string, connect: () => void]> = [
  // The page's start (session) to the engine's owner: the controls, the page's autoplay, a page error.
  ['playback', connectPlayback],
  // Where a saved position is, and the viewer's answer to the resume prompt.
  ['progress', connectProgress],
  // The ad plan's inputs, and the content's side of a break: held, paused, resumed.
  ['ads', connectAds],
  // The audio language order, and the viewer's track choices announced.
  ['tracks', connectTracks],
  // The engine's chapters track, and the skip button announced.
  ['chapters', connectChapters],
  // What plays, where, what failed: after the features it reports on.
  ['analytics', connectAnalytics],
  // Where and how each episode starts, and the next one's playlists ahead.
  ['series', connectSeries],
  // The parent frame: the player.js receiver, episodeChanged, auto-advance unless looping.
  ['embed', connectEmbed],
  // One panel at a time, and the parent frame's click and pause.
  ['menus', connectMenus],
  // The Media Session, the fullscreen mode, and native fullscreen and casting for ads.
  ['fullscreen', connectFullscreen],
  // The engine's thumbnail track.
  ['previews', connectPreviews],
];

/** Connects every feature, in order; once. */
export function connectFeatures(): void {
  for (const [, connect] of FEATURE_CONNECTIONS) connect();
}
