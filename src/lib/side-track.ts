/**
 * A side file of the stream (the thumbnail track, the chapters file): named by the engine's fact,
 * fetched once when its feature wants it, then parsed. An answer for a file no longer current
 * (another episode meanwhile) is dropped; one that fails to load or parse leaves no cue.
 */
import { createEffect, createEvent, createStore, sample, scopeBind, type Effect } from 'effector';
import type { MediaEngine } from '../engine/types';

/** 'none': no file named; 'found': named, not fetched yet; then 'loading', 'ready' or 'failed'. */
export type SideTrackState = 'none' | 'found' | 'loading' | 'ready' | 'failed';

export interface SideTrackOptions<Fetched, Cue> {
  /** The engine's fact that names the file. */
  fact: 'thumbnailTrackFound' | 'chaptersTrackFound';
  fetchFx: Effect<string, Fetched>;
  parseFx: Effect<{ track: string; fetched: Fetched }, Cue[]>;
}

export function createSideTrack<Fetched, Cue>({ fact, fetchFx, parseFx }: SideTrackOptions<Fetched, Cue>) {
  /** The engine's fact: the stream's master names this file. */
  const found = createEvent<string>();
  /** Another stream is asked for: its file, if any, is named anew. */
  const cleared = createEvent();
  /** Listens to the engine's fact in this player's scope. */
  const watchFx = createEffect((engine: MediaEngine) => {
    const bound = scopeBind(found, { safe: true });
    engine.on(fact, ({ url }) => bound(url));
  });

  const $url = createStore<string | null>(null)
    .on(found, (_, url) => url)
    .reset(cleared);
  const $state = createStore<SideTrackState>('none')
    .on(found, () => 'found')
    .on(fetchFx, (state) => (state === 'found' ? 'loading' : state))
    .reset(cleared);
  /** The file's cues; empty until loaded, and for a broken file. */
  const $cues = createStore<readonly Cue[]>([]).reset([found, cleared]);

  const current = { url: $url, state: $state };
  const isCurrent = ({ url, state }: { url: string | null; state: SideTrackState }, track: string) => state === 'loading' && url === track;
  sample({
    clock: fetchFx.done,
    source: current,
    filter: (state, { params }) => isCurrent(state, params),
    fn: (_, { params, result }) => ({ track: params, fetched: result }),
    target: parseFx,
  });
  const parsed = sample({
    clock: parseFx.done,
    source: current,
    filter: (state, { params }) => isCurrent(state, params.track),
    fn: (_, { result }) => result,
  });
  const failed = sample({
    clock: [fetchFx.fail.map(({ params }) => params), parseFx.fail.map(({ params }) => params.track)],
    source: current,
    filter: isCurrent,
  });
  $cues.on(parsed, (_, cues) => cues);
  $state.on(parsed, () => 'ready').on(failed, () => 'failed');

  return { found, cleared, watchFx, $url, $state, $cues };
}
