/**
 * The ad's sound: the volume its <video> reports, and the intents that set it (the overlay's mute
 * button and slider, the ad unit's setAdVolume, the content's volume an ad starts at). The view
 * and the ad unit fire intents; the rules are here.
 */
import { createEvent, createStore, sample } from 'effector';
import { VOLUME_MAX } from '../../../lib/constants';
import { silent, type AdVolume } from '../tracking-rules';
import type { AdMedia } from './ad-media';

export function createAdSound(media: AdMedia) {
  const adVolumeRequested = createEvent<number>();
  const adMutedRequested = createEvent<boolean>();
  /** The overlay's mute button. */
  const adMuteClicked = createEvent();
  /** The overlay's volume slider moved. */
  const adVolumeSlid = createEvent<number>();
  /** The ad unit's setAdVolume (VPAID: 0 is mute). */
  const adUnitVolumeSet = createEvent<number>();
  /** The content's volume, for an ad to start at (a viewer who muted the film does not get a loud ad). */
  const adVolumeMatched = createEvent<AdVolume>();
  const $adVolume = createStore<AdVolume>({ volume: 1, muted: false }).on(media.adMediaVolumeChanged, (_, volume) => volume);
  /** The viewer hears nothing: muted, or at volume 0. */
  const $adSilent = $adVolume.map(silent);
  /** The volume as heard, 0 when muted: the overlay's slider and the ad unit's getAdVolume. */
  const $adHeardVolume = $adVolume.map(({ volume, muted }) => (muted ? 0 : volume));

  sample({ clock: adVolumeRequested, filter: (volume) => Number.isFinite(volume), target: media.setAdVolumeFx });
  sample({ clock: adMutedRequested, target: media.setAdMutedFx });
  sample({ clock: adVolumeMatched, fn: ({ volume }) => volume, target: media.setAdVolumeFx });
  sample({ clock: adVolumeMatched, fn: ({ muted }) => muted, target: media.setAdMutedFx });

  // The mute button: an ad at volume 0 gets full volume (unmuting alone would leave it silent);
  // otherwise mute toggles. Moving the slider above 0 on a muted ad unmutes it.
  sample({ clock: adMuteClicked, source: $adVolume, filter: ({ volume }) => volume === 0, fn: () => VOLUME_MAX, target: adVolumeRequested });
  sample({ clock: adMuteClicked, source: $adVolume, filter: ({ volume }) => volume !== 0, fn: ({ muted }) => !muted, target: adMutedRequested });
  sample({ clock: adVolumeSlid, target: adVolumeRequested });
  sample({ clock: adVolumeSlid, source: $adVolume, filter: ({ muted }, volume) => muted && volume > 0, fn: () => false, target: adMutedRequested });
  // The ad unit's volume: the level, and muted exactly at 0.
  sample({ clock: adUnitVolumeSet, target: adVolumeRequested });
  sample({ clock: adUnitVolumeSet, fn: (volume) => volume === 0, target: adMutedRequested });

  return { adVolumeRequested, adMutedRequested, adMuteClicked, adVolumeSlid, adUnitVolumeSet, adVolumeMatched, $adVolume, $adSilent, $adHeardVolume };
}
