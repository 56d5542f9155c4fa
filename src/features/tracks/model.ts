/**
 * Renditions and speed: the levels the engine reports (bitrate, codecs, height, details,
 * pathway id, HDCP level — SPEC.md §3), the quality choice (Auto = ABR) and the speed choice.
 * A chosen height and speed carry over to the next episode's source.
 */
import { attach, combine, createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import type { EngineFacts, EngineLevel, EngineSourceState, MediaEngine } from '../../engine/types';
import { NORMAL_PLAYBACK_RATE } from '../../lib/constants';
import { $engine, engineConnected, sourceAdopted, sourceReady, sourceRequested } from '../playback';
import { qualityLabel, qualityOptions, rateLabel } from './rules';
import { readPreferencesFx, savePreferencesFx } from './preferences';

// Engine facts.
export const levelsUpdated = createEvent<EngineLevel[]>();
export const levelSwitched = createEvent<EngineFacts['levelSwitched']>();
export const mediaRateChanged = createEvent<EngineFacts['rateChanged']>();
export const audioTracksUpdated = createEvent<EngineFacts['audioTracksUpdated']>();
export const audioTrackSwitched = createEvent<EngineFacts['audioTrackSwitched']>();
export const subtitleTracksUpdated = createEvent<EngineFacts['subtitleTracksUpdated']>();
export const subtitleTrackSwitched = createEvent<EngineFacts['subtitleTrackSwitched']>();
export const cuesChanged = createEvent<EngineFacts['cuesChanged']>();

const connectTracksFx = createEffect((engine: MediaEngine) => {
  engine.on('levelsUpdated', scopeBind(levelsUpdated, { safe: true }));
  engine.on('levelSwitched', scopeBind(levelSwitched, { safe: true }));
  engine.on('rateChanged', scopeBind(mediaRateChanged, { safe: true }));
  engine.on('audioTracksUpdated', scopeBind(audioTracksUpdated, { safe: true }));
  engine.on('audioTrackSwitched', scopeBind(audioTrackSwitched, { safe: true }));
  engine.on('subtitleTracksUpdated', scopeBind(subtitleTracksUpdated, { safe: true }));
  engine.on('subtitleTrackSwitched', scopeBind(subtitleTrackSwitched, { safe: true }));
  engine.on('cuesChanged', scopeBind(cuesChanged, { safe: true }));
});
sample({ clock: engineConnected, target: connectTracksFx });

// A source the model connected to: its lists, choices, speed and cues, as the facts that said them.
const adopted = <T>(pick: (state: EngineSourceState) => T | null) => sourceAdopted.filterMap((state) => pick(state) ?? undefined);
sample({ clock: adopted(({ levels }) => levels), target: levelsUpdated });
sample({ clock: adopted(({ level }) => level), target: levelSwitched });
sample({ clock: adopted(({ rate }) => (rate === null ? null : { rate })), target: mediaRateChanged });
sample({ clock: adopted(({ audioTracks }) => audioTracks), target: audioTracksUpdated });
sample({ clock: adopted(({ audioTrack }) => (audioTrack === null ? null : { id: audioTrack })), target: audioTrackSwitched });
sample({ clock: adopted(({ subtitleTracks }) => subtitleTracks), target: subtitleTracksUpdated });
sample({ clock: adopted(({ subtitleTrack }) => (subtitleTrack === null ? null : { id: subtitleTrack })), target: subtitleTrackSwitched });
sample({ clock: adopted(({ cues }) => (cues.length > 0 ? { texts: cues } : null)), target: cuesChanged });

// Quality.
/** A level index, or -1 for Auto (ABR). */
export const qualityChosen = createEvent<number>();
export const setLevelFx = attach({ source: $engine, effect: (engine, index: number) => engine?.setLevel(index) });

export const $levels = createStore<EngineLevel[]>([])
  .on(sourceReady, (_, { levels }) => levels)
  .on(levelsUpdated, (_, levels) => levels)
  .reset(sourceRequested);
/** The level playing now. */
export const $playingLevel = createStore(-1)
  .on(levelSwitched, (_, { level }) => level)
  .reset(sourceRequested);
/** The viewer's choice for this source: -1 (Auto) until one is confirmed by the engine. */
export const $chosenLevel = createStore(-1)
  .on(setLevelFx.done, (_, { params }) => params)
  .reset(sourceRequested);
/** The height the viewer picked, kept for the next source; null for Auto. */
const $preferredHeight = createStore<number | null>(null);

export const $qualityOptions = $levels.map(qualityOptions);
export const $qualityLabel = combine($levels, $chosenLevel, $playingLevel, qualityLabel);

sample({ clock: qualityChosen, target: setLevelFx });
sample({
  clock: qualityChosen,
  source: $levels,
  fn: (levels, index) => (index < 0 ? null : (levels.find((level) => level.index === index)?.height ?? null)),
  target: $preferredHeight,
});
sample({
  clock: sourceReady,
  source: $preferredHeight,
  filter: (height, { levels }) => height !== null && levels.some((level) => level.height === height),
  fn: (height, { levels }) => qualityOptions(levels).find((option) => option.height === height)!.index,
  target: setLevelFx,
});

// Speed.
export const rateChosen = createEvent<number>();
export const setRateFx = attach({ source: $engine, effect: (engine, rate: number) => engine?.setPlaybackRate(rate) });
export const $playbackRate = createStore<number>(NORMAL_PLAYBACK_RATE).on(mediaRateChanged, (_, { rate }) => rate);
export const $rateLabel = $playbackRate.map(rateLabel);
const $preferredRate = createStore<number>(NORMAL_PLAYBACK_RATE)
  .on(rateChosen, (_, rate) => rate)
  .on(readPreferencesFx.doneData, (rate, preferences) => preferences.rate ?? rate);

sample({ clock: rateChosen, filter: (rate) => Number.isFinite(rate) && rate > 0, target: setRateFx });
// Remembered for the viewer: the next source, and the next visit, start at this speed.
sample({ clock: rateChosen, filter: (rate) => Number.isFinite(rate) && rate > 0, fn: (rate) => ({ rate }), target: savePreferencesFx });
// Read at every new source: a choice made in another tab counts from the next episode.
sample({ clock: sourceRequested, target: readPreferencesFx });
// Loading a source resets the element's rate; the viewer's speed carries over.
sample({ clock: sourceReady, source: $preferredRate, filter: (rate) => rate !== NORMAL_PLAYBACK_RATE, target: setRateFx });
