/** The player.js receiver: the embedding page drives the player with player.js messages (protocol.ts). */

export {
  embedStarted,
  embedMessageReceived,
  listenToEmbedderFx,
  $embedReady,
  $listeners,
  $loopEnabled,
  pageAddressSet,
  episodeRequested,
  nextEpisodeRequested,
} from './model';
// methods.ts and events.ts wire themselves when imported; these two exports are what loads them.
export { $embedPaused } from './methods';
export { adAnnouncements, chapterReached, fullscreenReported } from './events';
