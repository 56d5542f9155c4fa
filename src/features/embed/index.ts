/** The player.js receiver: the embedding page drives the player with player.js messages (protocol.ts). */

export { createEmbed } from './model';
export type { EmbedDeps, EmbedModel } from './model';
export { adAnnouncements } from './events';
