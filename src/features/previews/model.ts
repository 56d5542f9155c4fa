/**
 * Seek previews (issue 25 item 1): the stream's thumbnail track, loaded on first need. The engine
 * names the track (thumbnailTrackFound); nothing of it is fetched until the viewer first hovers or
 * drags the seek slider (previewWanted). A track that fails to load or parse leaves no cue: the
 * slider keeps its time tooltip alone, with no error shown and none reported.
 */
import { createEffect, createEvent, sample, type Event } from 'effector';
import type { EngineSourceState, MediaEngine } from '../../engine/types';
import { createSideTrack } from '../../lib/side-track';
import { fetchThumbnailTrackFx, type FetchedTrack } from '../../platform/thumbnail-track';
import type { ThumbnailCue } from './parse';

/** What previews hears from the other features, named by what it is to previews. */
export interface PreviewsDeps {
  /** The engine the model listens to (playback): its thumbnailTrackFound fact. */
  engineConnected: Event<MediaEngine>;
  /** A source the model connected to after the engine read it (playback): the track it named. */
  sourceAdopted: Event<EngineSourceState>;
  /** Another stream is asked for (playback): the previous stream's track goes before the new one is named. */
  sourceRequested: Event<unknown>;
}

/** The parser comes with the preview's chunk (import()), never at start-up. */
const parseThumbnailTrackFx = createEffect(async ({ fetched }: { track: string; fetched: FetchedTrack }): Promise<ThumbnailCue[]> => {
  const { parseThumbnailTrack } = await import('./parse');
  return parseThumbnailTrack(fetched.text, fetched.url);
});

export type PreviewsModel = ReturnType<typeof createPreviews>;

/** The seek previews, built on the units of the features previews hears. */
export function createPreviews({ engineConnected, sourceAdopted, sourceRequested }: PreviewsDeps) {
  const track = createSideTrack({ fact: 'thumbnailTrackFound', fetchFx: fetchThumbnailTrackFx, parseFx: parseThumbnailTrackFx });
  const { found: thumbnailTrackFound, cleared: thumbnailTrackCleared, watchFx: watchThumbnailTrackFx, $url: $thumbnailTrackUrl } = track;
  /** The track's cues, sorted; empty until loaded, and for a broken track. */
  const $thumbnailCues = track.$cues;
  /** The viewer hovers or drags the seek slider: the preview is wanted now. */
  const previewWanted = createEvent();
  /** Whether the seek slider has a preview to offer: the view loads its part only then. */
  const $previewAvailable = $thumbnailTrackUrl.map((url) => url !== null);

  sample({
    clock: previewWanted,
    source: { url: $thumbnailTrackUrl, state: track.$state },
    filter: ({ url, state }) => url !== null && state === 'found',
    fn: ({ url }) => url!,
    target: fetchThumbnailTrackFx,
  });

  // The engine's fact, or the track a source the model connected to had named; each source request
  // drops the previous stream's track before the new one is named.
  sample({ clock: engineConnected, target: watchThumbnailTrackFx });
  sample({ clock: sourceAdopted.filterMap(({ thumbnailTrack }) => thumbnailTrack ?? undefined), target: thumbnailTrackFound });
  sample({ clock: sourceRequested, target: thumbnailTrackCleared });

  return { thumbnailTrackFound, thumbnailTrackCleared, previewWanted, $thumbnailTrackUrl, $previewAvailable, $thumbnailCues };
}
