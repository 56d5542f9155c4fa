/** The player.js receiver: the embedding page drives the player with player.js messages (protocol.ts). */

export {
  embedStarted,
  embedMessageReceived,
  requestAccepted,
  listenToEmbedderFx,
  $embedReady,
  $listeners,
  $loopEnabled,
  $targetOrigin,
  $playhead,
} from './model';
export type { EmbedSettings } from './model';
export { $embedPaused } from './methods';
export { adAnnouncements } from './events';
export {
  PLAYERJS_CONTEXT,
  PLAYERJS_VERSION,
  EMBED_METHODS,
  EMBED_EVENTS,
  EmbedErrorCode,
  parseEmbedMessage,
  volumeFromPercent,
  percentFromVolume,
  originAllowed,
  obeys,
  readyMessage,
  outgoing,
} from './protocol';
export type { EmbedMethod, EmbedEventName, EmbedRequest, ParsedMessage, OutgoingMessage, ListenerId } from './protocol';
export { connectEmbed } from './connect';
