/**
 * The <video>'s text track modes after a subtitle choice, set explicitly. The player draws
 * captions itself from the cues (`forwardCues`, hls-events.ts), so the chosen track must be
 * 'hidden' (its cues load and fire, the browser draws nothing) and every other subtitle or
 * caption track 'disabled'. hls.js does this with `subtitleDisplay = false`, but engines do not
 * all apply it alike (Firefox), so the engine sets the modes itself, right after telling hls.js.
 * Metadata and chapter tracks are left as they are (Safari's own HLS makes them for ID3 data;
 * hls.js's ID3 track is left out of the player's build, scripts/hls-omitted.mjs).
 */

/** The chosen track as hls.js lists it (`hls.subtitleTracks[id]`): its `<track>` node once hls.js made it. */
export interface ChosenSubtitle {
  name: string;
  lang?: string;
  trackNode?: { track: TextTrack } | null;
}

/** What of a TextTrack this helper reads and sets. */
type ModeTrack = Pick<TextTrack, 'kind' | 'label' | 'language' | 'mode'>;

const isSubtitleTrack = (track: ModeTrack) => track.kind === 'subtitles' || track.kind === 'captions';

/**
 * Sets the chosen subtitle track 'hidden' and every other subtitle or caption track 'disabled'
 * (all of them with no choice, `undefined` or `null`: subtitles off). The chosen track is its
 * `<track>` node's when it is in the list (a TextTrackList, or any list of tracks), else the first with its label and language. Returns the
 * track set 'hidden', or null when none matched (hls.js has not made its node yet: it makes it
 * 'hidden' itself, and every other node starts 'disabled').
 */
export function applySubtitleModes<T extends ModeTrack>(tracks: Iterable<T> | ArrayLike<T>, chosen: ChosenSubtitle | null | undefined): T | null {
  const list = Array.from(tracks).filter((track) => track && isSubtitleTrack(track));
  let shown: T | null = null;
  if (chosen) {
    const node = chosen.trackNode?.track;
    shown =
      list.find((track) => track === (node as unknown)) ??
      list.find((track) => track.label === chosen.name && track.language === (chosen.lang ?? '')) ??
      null;
  }
  for (const track of list) {
    const mode: TextTrackMode = track === shown ? 'hidden' : 'disabled';
    if (track.mode !== mode) track.mode = mode;
  }
  return shown;
}
