/**
 * The level a stream starts on over a slow link. The first frame waits for the first segment, and
 * on a phone's mobile link a 720p segment takes twice a 360p one's time to arrive: there the
 * stream starts about 360 lines high and ABR climbs once it has measured the link. Where the
 * browser does not say (no Network Information API: Firefox, Safari), hls.js decides as usual.
 */

/** What the browser reports of its link (`navigator.connection`, where it exists). */
export interface LinkHint {
  effectiveType?: string;
  saveData?: boolean;
}

/** The height a slow link starts at, or the nearest above it. */
const SLOW_LINK_START_HEIGHT = 360;

/**
 * Seconds buffered ahead before ABR may leave a slow link's start level. Climbing at once spends
 * the link on segments twice the size (and a playlist and an init segment), while the buffer still
 * holds one segment: held at the start level until then, the buffer grows faster than it drains.
 */
export const SLOW_LINK_CLIMB_BUFFER_S = 10;

const SLOW_TYPES = new Set(['slow-2g', '2g', '3g']);

/** A link the browser reports as slower than 4G (by its round trips and throughput), or asked to save data. */
export function isSlowLink(link: LinkHint | undefined): boolean {
  return !!link && (link.saveData === true || (link.effectiveType !== undefined && SLOW_TYPES.has(link.effectiveType)));
}

/**
 * The index of the level to start on, or null to leave hls.js's own choice (`autoStart`, its first
 * auto level): over a slow link, the lowest level at least SLOW_LINK_START_HEIGHT high (the highest
 * level when all are lower), never above what hls.js would pick. `levels` in hls.js's order
 * (ascending bitrate).
 */
export function startLevel(levels: ReadonlyArray<{ height: number }>, autoStart: number, link: LinkHint | undefined): number | null {
  if (!isSlowLink(link) || levels.length === 0) return null;
  let pick = levels.findIndex((level) => level.height >= SLOW_LINK_START_HEIGHT);
  if (pick === -1) pick = levels.length - 1;
  return autoStart >= 0 && autoStart < pick ? null : pick;
}
