/**
 * Volume and mute (SPEC.md §3, §5): the flags follow the media's volumechange facts; the
 * viewer's intents become engine commands. `player-volume` and `player-muted` are restored
 * when the engine arrives and saved on every change; corrupt stored values are ignored.
 */
import { attach, combine, createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import type { MediaEngine } from '../../engine/types';
import { STORAGE_KEYS, VOLUME_STEP } from '../../lib/constants';
import { $storage } from '../../platform/storage';
import { parseVolume, readVolumeState, snapVolume, type VolumeState } from './volume-rules';
import type { PlaybackEvents } from './events';
import type { PlaybackEngineModel } from './model';
import { engineOf } from '../../engine/engines';

export { parseVolume, readVolumeState };

/** The media's volume restored, kept and saved; the commands that change it. */
function createVolumeStorage({ engineAttached, engineConnected, mediaVolumeChanged, sourceAdopted }: PlaybackEvents, { $engineKey, $fallbackMuted }: PlaybackEngineModel) {
  /** The slider moved: a number or a numeric string in 0..1; anything else is ignored. */
  const volumeSet = createEvent<number | string>();
  /** Steps the volume by `direction` × 0.05 (keys ↑/↓). */
  const volumeStepped = createEvent<1 | -1>();
  const muteToggled = createEvent();
  /** False where the platform ignores volume writes (iOS): only the mute toggle is shown. */
  const $volumeSettable = createStore(true).on(engineAttached, (_, engine) => engine.canSetVolume);

  const connectVolumeFx = createEffect((engine: MediaEngine) => {
    engine.on('volumeChanged', scopeBind(mediaVolumeChanged, { safe: true }));
  });
  const readVolumeFx = attach({ source: $storage, effect: (storage) => readVolumeState(storage) });
  const saveVolumeFx = attach({
    source: $storage,
    effect: (storage, { volume, muted }: VolumeState) => {
      storage.write(STORAGE_KEYS.volume, volume);
      storage.write(STORAGE_KEYS.muted, muted);
    },
  });
  const applyVolumeFx = attach({
    source: $engineKey,
    effect: (key, { volume, muted }: VolumeState) => {
      const engine = engineOf(key);
      engine?.setVolume(volume);
      engine?.setMuted(muted);
    },
  });
  const setVolumeFx = attach({ source: $engineKey, effect: (key, volume: number) => engineOf(key)?.setVolume(volume) });
  const setMutedFx = attach({ source: $engineKey, effect: (key, muted: boolean) => engineOf(key)?.setMuted(muted) });

  sample({ clock: engineConnected, target: connectVolumeFx });
  // The element's volume, as the source the model connected to left it.
  sample({ clock: sourceAdopted, filter: ({ volume }) => volume !== null, fn: ({ volume }) => volume!, target: mediaVolumeChanged });
  sample({ clock: engineAttached, fn: () => undefined, target: readVolumeFx });
  // A mute the browser forced before the app (the page's start) stays until the viewer lifts it.
  sample({ clock: readVolumeFx.doneData, source: $fallbackMuted, fn: (fallback, { volume, muted }) => ({ volume, muted: muted || fallback }), target: applyVolumeFx });
  // The browser's mute is not the viewer's: it is never stored.
  sample({
    clock: mediaVolumeChanged,
    source: $fallbackMuted,
    filter: (fallback, { muted }) => !(fallback && muted),
    fn: (_, { volume, muted }) => ({ volume: snapVolume(volume), muted }),
    target: saveVolumeFx,
  });
  return { volumeSet, volumeStepped, muteToggled, $volumeSettable, setVolumeFx, setMutedFx };
}

/** The viewer's volume choices: the slider, the steps, the mute toggle. */
function wireVolumeChoices({ mediaVolumeChanged }: PlaybackEvents, { $muted, $volume }: PlaybackEngineModel, storage: ReturnType<typeof createVolumeStorage>) {
  const { volumeSet, volumeStepped, muteToggled, setVolumeFx, setMutedFx } = storage;
  const volumeChosen = volumeSet.filterMap((value) => parseVolume(value) ?? undefined);
  const volumeAsked = createEvent<number>();

  /**
   * The volume last asked for that the media has not reported yet. The media answers a write
   * with a volumechange a moment later; a slider drawn from the reported volume alone would
   * jump back meanwhile, and the next key press or drag would start from there and be lost.
   */
  const $askedVolume = createStore<number | null>(null)
    .on(volumeAsked, (_, volume) => volume)
    .on(mediaVolumeChanged, (asked, { volume }) => (asked === snapVolume(volume) ? null : asked));
  /** The volume the controls show and step from: the viewer's latest choice until the media reports it. */
  const $sliderVolume = combine($askedVolume, $volume, (asked, volume) => asked ?? volume);

  /** The volume a step (↑/↓) asks for. */
  const volumeStepChosen = sample({
    clock: volumeStepped,
    source: $sliderVolume,
    fn: (volume, direction) => snapVolume(volume + direction * VOLUME_STEP),
  });
  sample({ clock: [volumeChosen, volumeStepChosen], target: [volumeAsked, setVolumeFx] });
  // Moving the slider, or stepping up, on a muted player unmutes it: the viewer means to hear it.
  sample({
    clock: [volumeChosen, volumeStepped.filter({ fn: (direction) => direction > 0 })],
    source: $muted,
    filter: (muted) => muted,
    fn: () => false,
    target: setMutedFx,
  });
  sample({ clock: muteToggled, source: $muted, fn: (muted) => !muted, target: setMutedFx });
  return { $sliderVolume, volumeStepChosen };
}

/** Volume and mute, over the engine model's flags. */
export function createVolume(events: PlaybackEvents, engine: PlaybackEngineModel) {
  const storage = createVolumeStorage(events, engine);
  const choices = wireVolumeChoices(events, engine, storage);
  const { volumeSet, volumeStepped, muteToggled, $volumeSettable, setMutedFx } = storage;
  return { volumeSet, volumeStepped, muteToggled, $volumeSettable, setMutedFx, ...choices };
}

export type PlaybackVolume = ReturnType<typeof createVolume>;
