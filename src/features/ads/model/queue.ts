/**
 * The break's queue: the ad video made when the first break is prepared, each ad item's candidate
 * links resolved in turn (a failed one gives way to the next), and the break's end.
 */
import { combine, createStore, sample } from 'effector';
import { VastErrorCode, isAbortError, isVastError } from '../../../vast';
import type { AdCandidate, AdItem } from '../sources';
import type { AdMedia } from './ad-media';
import type { AdFailure, AdPosition, BreakUnits } from './break';

export interface Cursor {
  items: AdItem[];
  /** The remaining candidates of the item being tried. */
  candidates: AdCandidate[];
}

/** The next candidate to try: the current item's next one, else the next item's first. */
export function advanceCursor({ items, candidates }: Cursor): { cursor: Cursor; candidate: AdCandidate | null } {
  if (candidates.length > 0) return { cursor: { items, candidates: candidates.slice(1) }, candidate: candidates[0]! };
  const [item, ...rest] = items;
  if (!item) return { cursor: { items: [], candidates: [] }, candidate: null };
  return { cursor: { items: rest, candidates: item.candidates.slice(1) }, candidate: item.candidates[0] ?? null };
}

/** The queue: the video made at the first break, each candidate resolved in turn, the break's end. */
export function wireQueue(u: BreakUnits, media: AdMedia) {
  const { adBreakPrepared, adBreakEnded, $break, $breakPhase, $cursor, $currentAd, cursorAdvanced, candidateNeeded } = u;
  sample({ clock: adBreakPrepared, source: media.$adMediaMade, filter: (made) => !made, target: media.makeAdVideoFx });

  $break.on(adBreakPrepared, (_, { kind, contentTime }) => ({ kind, contentTime })).reset(adBreakEnded);
  $breakPhase
    .on(adBreakPrepared, () => 'prepared')
    .on(u.adBreakStarted, (phase) => (phase === 'prepared' ? 'running' : phase))
    .reset(adBreakEnded);
  $cursor.on(adBreakPrepared, (_, { items }) => ({ items, candidates: [] })).on(cursorAdvanced, (_, { cursor }) => cursor);

  /** How many ads the break planned; 0 between breaks. */
  const $plannedAds = createStore(0)
    .on(adBreakPrepared, (_, { items }) => items.length)
    .reset(adBreakEnded);
  /**
   * The pod position, null for a single-ad break. The count is the ads planned. An ad that fails
   * (all its candidates) or is skipped keeps its place: the next one shows its own number, so after
   * a failed first ad of two the viewer reads 'Реклама 2 из 2', one ad left. The items not yet
   * taken from the cursor are the ones after the current ad.
   */
  const $adPosition = combine($plannedAds, $cursor, (count, { items }): AdPosition | null =>
    count > 1 ? { index: Math.min(count, Math.max(1, count - items.length)), count } : null,
  );

  // The ad <video> must exist before canPlayType can choose a media file.
  sample({
    clock: [adBreakPrepared, media.makeAdVideoFx.doneData],
    source: { made: media.$adMediaMade, ad: $currentAd, phase: $breakPhase, resolving: media.resolveAdFx.pending },
    filter: ({ made, ad, phase, resolving }) => made && ad === null && phase !== 'idle' && !resolving,
    target: candidateNeeded,
  });
  sample({ clock: candidateNeeded, source: $cursor, fn: advanceCursor, target: cursorAdvanced });
  sample({
    clock: cursorAdvanced,
    filter: ({ candidate }) => candidate !== null,
    fn: ({ candidate }) => candidate!,
    target: media.resolveAdFx,
  });
  sample({ clock: cursorAdvanced, source: $break, filter: (brk, { candidate }) => brk !== null && candidate === null, fn: (brk) => brk!, target: adBreakEnded });

  sample({ clock: media.resolveAdFx.doneData, source: $breakPhase, filter: (phase) => phase !== 'idle', fn: (_, ad) => ad, target: u.adCreated });
  sample({
    clock: media.resolveAdFx.failData,
    filter: (error) => !isAbortError(error),
    fn: (error): AdFailure =>
      isVastError(error)
        ? { code: error.code, errorUrls: error.errorUrls, detail: error.detail }
        : { code: VastErrorCode.Undefined, errorUrls: [], detail: String(error) },
    target: u.adFailed,
  });
  sample({ clock: media.resolveAdFx.failData, target: candidateNeeded });
  return { $adPosition };
}

