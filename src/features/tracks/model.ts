/**
 * Renditions and speed: the levels the engine reports (bitrate, codecs, height, details,
 * pathway id, HDCP level — SPEC.md §3), the quality choice (Auto = ABR) and the speed choice.
 * A chosen height and speed carry over to the next episode's source.
 */
import { attach, combine, createEffect, createEvent, createStore, sample, scopeBind, type Event, type Store } from 'effector';
import type { EngineFacts, EngineLevel, EngineSourceState, MediaEngine, MediaKey } from '../../engine/types';
import { NORMAL_PLAYBACK_RATE } from '../../lib/constants';
import { qualityLabel, qualityOptions, rateLabel } from './rules';
import { readPreferencesFx, savePreferencesFx } from './preferences';
import { createAudio } from './audio';
import { createSubtitles } from './subtitles';
import { engineOf } from '../../engine/engines';

/** What tracks hears from the other features (playback), named by what it is to tracks. */
export interface TracksDeps {
  /** The media engine the choices are commands to. */
  $engineKey: Store<MediaKey | null>;
  /** The engine the model listens to: its track facts are tracks' own. */
  engineConnected: Event<MediaEngine>;
  /** A source the model connected to: its lists, choices, speed and cues so far. */
  sourceAdopted: Event<EngineSourceState>;
  /** A source's manifest is loaded: its levels and tracks. */
  sourceReady: Event<EngineFacts['sourceReady']>;
  /** A new source is asked for: the lists and choices of the last one go. */
  sourceRequested: Event<unknown>;
  /** The 'c' key: subtitles off, or back on. */
  subtitlesShortcutUsed: Event<void>;
}

/** The engine's track facts, as tracks' own events. */
export type TrackFacts = ReturnType<typeof createTrackFacts>;

export type TracksModel = ReturnType<typeof createTracks>;

/** Renditions, speed, audio and subtitles, built on the units of the features tracks hears. */
export function createTracks(deps: TracksDeps) {
  const facts = createTrackFacts(deps);
  const quality = createQuality(deps, facts);
  const speed = createSpeed(deps, facts);
  const audio = createAudio(deps, facts);
  const subtitles = createSubtitles(deps, facts, audio);
  const { levelsUpdated, levelSwitched, mediaRateChanged, cuesChanged } = facts;
  return { levelsUpdated, levelSwitched, mediaRateChanged, cuesChanged, ...quality, ...speed, ...audio, ...subtitles };
}

/** The engine's facts about tracks, from the engine connected and from a source adopted. */
function createTrackFacts({ engineConnected, sourceAdopted }: TracksDeps) {
  const levelsUpdated = createEvent<EngineLevel[]>();
  const levelSwitched = createEvent<EngineFacts['levelSwitched']>();
  const mediaRateChanged = createEvent<EngineFacts['rateChanged']>();
  const audioTracksUpdated = createEvent<EngineFacts['audioTracksUpdated']>();
  const audioTrackSwitched = createEvent<EngineFacts['audioTrackSwitched']>();
  const subtitleTracksUpdated = createEvent<EngineFacts['subtitleTracksUpdated']>();
  const subtitleTrackSwitched = createEvent<EngineFacts['subtitleTrackSwitched']>();
  const cuesChanged = createEvent<EngineFacts['cuesChanged']>();

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

  return { levelsUpdated, levelSwitched, mediaRateChanged, audioTracksUpdated, audioTrackSwitched, subtitleTracksUpdated, subtitleTrackSwitched, cuesChanged };
}

/** Quality: the levels, the one playing, the viewer's choice (-1 = Auto) and the height kept for the next source. */
function createQuality({ $engineKey, sourceReady, sourceRequested }: TracksDeps, { levelsUpdated, levelSwitched }: TrackFacts) {
  /** A level index, or -1 for Auto (ABR). */
  const qualityChosen = createEvent<number>();
  const setLevelFx = attach({ source: $engineKey, effect: (key, index: number) => engineOf(key)?.setLevel(index) });

  const $levels = createStore<EngineLevel[]>([])
    .on(sourceReady, (_, { levels }) => levels)
    .on(levelsUpdated, (_, levels) => levels)
    .reset(sourceRequested);
  /** The level playing now. */
  const $playingLevel = createStore(-1)
    .on(levelSwitched, (_, { level }) => level)
    .reset(sourceRequested);
  /** The viewer's choice for this source: -1 (Auto) until one is confirmed by the engine. */
  const $chosenLevel = createStore(-1)
    .on(setLevelFx.done, (_, { params }) => params)
    .reset(sourceRequested);
  /** The height the viewer picked, kept for the next source; null for Auto. */
  const $preferredHeight = createStore<number | null>(null);

  const $qualityOptions = $levels.map(qualityOptions);
  const $qualityLabel = combine($levels, $chosenLevel, $playingLevel, qualityLabel);

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
  return { qualityChosen, setLevelFx, $levels, $playingLevel, $chosenLevel, $qualityOptions, $qualityLabel };
}

/** Speed: the engine's rate and the viewer's, kept for the next source and the next visit. */
function createSpeed({ $engineKey, sourceReady, sourceRequested }: TracksDeps, { mediaRateChanged }: TrackFacts) {
  const rateChosen = createEvent<number>();
  const setRateFx = attach({ source: $engineKey, effect: (key, rate: number) => engineOf(key)?.setPlaybackRate(rate) });
  const $playbackRate = createStore<number>(NORMAL_PLAYBACK_RATE).on(mediaRateChanged, (_, { rate }) => rate);
  const $rateLabel = $playbackRate.map(rateLabel);
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
  return { rateChosen, setRateFx, $playbackRate, $rateLabel };
}
