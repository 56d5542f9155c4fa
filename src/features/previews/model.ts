/**
 * Seek previews (issue 25 item 1): the stream's thumbnail track, loaded on first need. The engine
 * names the track (thumbnailTrackFound); nothing of it is fetched until the viewer first hovers or
 * drags the seek slider (previewWanted). A track that fails to load or parse leaves no cue: the
 * slider keeps its time tooltip alone, with no error shown and none reported.
 */
import { createEffect, createEvent, createStore, sample, scopeBind, type Event } from 'effector';
import type { EngineSourceState, MediaEngine } from '../../engine/types';
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

type ThumbnailTrackState = 'none' | 'idle' | 'loading' | 'ready' | 'failed';

/** The parser comes with the preview's chunk (import()), never at start-up. */
const parseThumbnailTrackFx = createEffect(async ({ fetched }: { track: string; fetched: FetchedTrack }): Promise<ThumbnailCue[]> => {
  const { parseThumbnailTrack } = await import('./parse');
  return parseThumbnailTrack(fetched.text, fetched.url);
});

export type PreviewsModel = ReturnType<typeof createPreviews>;

/** The seek previews, built on the units of the features previews hears. */
export function createPreviews({ engineConnected, sourceAdopted, sourceRequested }: PreviewsDeps) {
  /** The engine's fact: the stream's master names this track. */
  const thumbnailTrackFound = createEvent<string>();
  /** Another stream is asked for: its track, if any, is named anew. */
  const thumbnailTrackCleared = createEvent();
  /** The viewer hovers or drags the seek slider: the preview is wanted now. */
  const previewWanted = createEvent();

  const $thumbnailTrackUrl = createStore<string | null>(null)
    .on(thumbnailTrackFound, (_, url) => url)
    .reset(thumbnailTrackCleared);
  /** Whether the seek slider has a preview to offer: the view loads its part only then. */
  const $previewAvailable = $thumbnailTrackUrl.map((url) => url !== null);

  /** Listens to the engine's fact in this player's scope. */
  const watchThumbnailTrackFx = createEffect((engine: MediaEngine) => {
    const found = scopeBind(thumbnailTrackFound, { safe: true });
    engine.on('thumbnailTrackFound', ({ url }) => found(url));
  });

  const $thumbnailTrackState = createStore<ThumbnailTrackState>('none')
    .on(thumbnailTrackFound, () => 'idle')
    .on(fetchThumbnailTrackFx, (state) => (state === 'idle' ? 'loading' : state))
    .reset(thumbnailTrackCleared);

  /** The track's cues, sorted; empty until loaded, and for a broken track. */
  const $thumbnailCues = createStore<readonly ThumbnailCue[]>([]).reset([thumbnailTrackFound, thumbnailTrackCleared]);

  sample({
    clock: previewWanted,
    source: { url: $thumbnailTrackUrl, state: $thumbnailTrackState },
    filter: ({ url, state }) => url !== null && state === 'idle',
    fn: ({ url }) => url!,
    target: fetchThumbnailTrackFx,
  });

  // Answers for a track no longer current (another episode meanwhile) are dropped.
  const isCurrent = (state: { url: string | null; state: ThumbnailTrackState }, track: string) => state.state === 'loading' && state.url === track;
  const current = { url: $thumbnailTrackUrl, state: $thumbnailTrackState };
  sample({
    clock: fetchThumbnailTrackFx.done,
    source: current,
    filter: (state, { params }) => isCurrent(state, params),
    fn: (_, { params, result }) => ({ track: params, fetched: result }),
    target: parseThumbnailTrackFx,
  });
  const parsed = sample({
    clock: parseThumbnailTrackFx.done,
    source: current,
    filter: (state, { params }) => isCurrent(state, params.track),
    fn: (_, { result }) => result,
  });
  const failed = sample({
    clock: [fetchThumbnailTrackFx.fail.map(({ params }) => params), parseThumbnailTrackFx.fail.map(({ params }) => params.track)],
    source: current,
    filter: isCurrent,
  });
  $thumbnailCues.on(parsed, (_, cues) => cues);
  $thumbnailTrackState.on(parsed, () => 'ready').on(failed, () => 'failed');

  // The engine's fact, or the track a source the model connected to had named; each source request
  // drops the previous stream's track before the new one is named.
  sample({ clock: engineConnected, target: watchThumbnailTrackFx });
  sample({ clock: sourceAdopted.filterMap(({ thumbnailTrack }) => thumbnailTrack ?? undefined), target: thumbnailTrackFound });
  sample({ clock: sourceRequested, target: thumbnailTrackCleared });

  return { thumbnailTrackFound, thumbnailTrackCleared, previewWanted, $thumbnailTrackUrl, $previewAvailable, $thumbnailCues };
}
