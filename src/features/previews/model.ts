/**
 * Seek previews (issue 25 item 1): the stream's thumbnail track, loaded on first need. The engine
 * names the track (thumbnailTrackFound); nothing of it is fetched until the viewer first hovers or
 * drags the seek slider (previewWanted). A track that fails to load or parse leaves no cue: the
 * slider keeps its time tooltip alone, with no error shown and none reported.
 */
import { createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import type { MediaEngine } from '../../engine/types';
import { fetchThumbnailTrackFx, type FetchedTrack } from '../../platform/thumbnail-track';
import type { ThumbnailCue } from './parse';

/** The engine's fact: the stream's master names this track. */
export const thumbnailTrackFound = createEvent<string>();
/** Another stream is asked for: its track, if any, is named anew. */
export const trackCleared = createEvent();
/** The viewer hovers or drags the seek slider: the preview is wanted now. */
export const previewWanted = createEvent();

type TrackState = 'none' | 'idle' | 'loading' | 'ready' | 'failed';

export const $thumbnailTrackUrl = createStore<string | null>(null)
  .on(thumbnailTrackFound, (_, url) => url)
  .reset(trackCleared);
/** Whether the seek slider has a preview to offer: the view loads its part only then. */
export const $previewAvailable = $thumbnailTrackUrl.map((url) => url !== null);

/** Listens to the engine's fact in this player's scope. */
export const watchThumbnailTrackFx = createEffect((engine: MediaEngine) => {
  const found = scopeBind(thumbnailTrackFound, { safe: true });
  engine.on('thumbnailTrackFound', ({ url }) => found(url));
});

/** The parser comes with the preview's chunk (import()), never at start-up. */
const parseTrackFx = createEffect(async ({ fetched }: { track: string; fetched: FetchedTrack }): Promise<ThumbnailCue[]> => {
  const { parseThumbnailTrack } = await import('./parse');
  return parseThumbnailTrack(fetched.text, fetched.url);
});

const $trackState = createStore<TrackState>('none')
  .on(thumbnailTrackFound, () => 'idle')
  .on(fetchThumbnailTrackFx, (state) => (state === 'idle' ? 'loading' : state))
  .reset(trackCleared);

/** The track's cues, sorted; empty until loaded, and for a broken track. */
export const $thumbnailCues = createStore<readonly ThumbnailCue[]>([]).reset([thumbnailTrackFound, trackCleared]);

sample({
  clock: previewWanted,
  source: { url: $thumbnailTrackUrl, state: $trackState },
  filter: ({ url, state }) => url !== null && state === 'idle',
  fn: ({ url }) => url!,
  target: fetchThumbnailTrackFx,
});

// Answers for a track no longer current (another episode meanwhile) are dropped.
const isCurrent = (state: { url: string | null; state: TrackState }, track: string) => state.state === 'loading' && state.url === track;
const current = { url: $thumbnailTrackUrl, state: $trackState };
sample({
  clock: fetchThumbnailTrackFx.done,
  source: current,
  filter: (state, { params }) => isCurrent(state, params),
  fn: (_, { params, result }) => ({ track: params, fetched: result }),
  target: parseTrackFx,
});
const parsed = sample({
  clock: parseTrackFx.done,
  source: current,
  filter: (state, { params }) => isCurrent(state, params.track),
  fn: (_, { result }) => result,
});
const failed = sample({
  clock: [fetchThumbnailTrackFx.fail.map(({ params }) => params), parseTrackFx.fail.map(({ params }) => params.track)],
  source: current,
  filter: isCurrent,
});
$thumbnailCues.on(parsed, (_, cues) => cues);
$trackState.on(parsed, () => 'ready').on(failed, () => 'failed');
