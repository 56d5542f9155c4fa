/**
 * The features' links to each other, made in one place and in one order, as hls.js creates its
 * controllers in its constructor. Each `link…` (links/) wires what one feature hears from the
 * others; a feature's own units are wired by its modules, or by its factory. The order is the one
 * in which two links on the same event run: it is kept as the player has always run them. The
 * features built by a factory (create-features.ts) are built first, and a link takes their models.
 */
import { linkPlayback } from './links/playback';
import { linkProgress } from './links/progress';
import { linkAds } from './links/ads';
import { linkTracks } from './links/tracks';
import { linkChapters } from './links/chapters';
import { linkAnalytics } from './links/analytics';
import { linkSeries } from './links/series';
import { linkEmbed } from './links/embed';
import { linkMenus } from './links/menus';
import { linkFullscreen } from './links/fullscreen';
// Last: the links' imports load the features' modules in the order the player has always loaded them.
import { createFeatures, type FeatureMedia, type Features } from './create-features';

/** Every feature with links, by folder name, in the order they are linked. */
export const FEATURE_LINKS: ReadonlyArray<readonly [feature: string, link: (features: Features) => void]> = [
  // The page's start (session) to the engine's owner: the controls, the page's autoplay, a page error.
  ['playback', linkPlayback],
  // Where a saved position is, and the viewer's answer to the resume prompt.
  ['progress', linkProgress],
  // The ad plan's inputs, and the content's side of a break: held, paused, resumed.
  ['ads', linkAds],
  // The audio language order, and the viewer's track choices announced.
  ['tracks', linkTracks],
  // The engine's chapters track, and the skip button announced.
  ['chapters', linkChapters],
  // What plays, where, what failed: after the features it reports on.
  ['analytics', linkAnalytics],
  // Where and how each episode starts, and the next one's playlists ahead.
  ['series', linkSeries],
  // The parent frame: the player.js receiver, episodeChanged, auto-advance unless looping.
  ['embed', linkEmbed],
  // One panel at a time, and the parent frame's click and pause.
  ['menus', linkMenus],
  // The Media Session, the fullscreen mode and its exits.
  ['fullscreen', linkFullscreen],
];

/**
 * Builds the features that have a factory (given the media stack's ad video), then links every
 * feature, in order, and returns the built features' models. Once per player; a test makes them
 * in a region it clears (test-support/linked.ts).
 */
export function linkFeatures(media: FeatureMedia): Features {
  const features = createFeatures(media);
  for (const [, link] of FEATURE_LINKS) link(features);
  return features;
}
