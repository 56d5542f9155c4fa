export {
  levelsUpdated,
  levelSwitched,
  mediaRateChanged,
  cuesChanged,
  qualityChosen,
  setLevelFx,
  $levels,
  $playingLevel,
  $chosenLevel,
  $qualityOptions,
  $qualityLabel,
  rateChosen,
  setRateFx,
  $playbackRate,
  $rateLabel,
} from './model';
export {
  audioLanguagesSet,
  audioContentSet,
  audioTrackChosen,
  setAudioTrackFx,
  $audioLanguages,
  $audioTracks,
  $audioTrack,
  $audioLabel,
  $favouriteAudioLabel,
} from './audio';
export { $captionStyle, captionSizeChosen, captionPresetChosen, CAPTION_SIZES, CAPTION_PRESETS, DEFAULT_CAPTION_STYLE } from './caption-style';
export type { CaptionStyle, CaptionSize, CaptionPreset } from './caption-style';
export { subtitleAsked, subtitleChosen, subtitlesToggled, setSubtitleTrackFx, $subtitleTracks, $subtitleTrack, $subtitlesOn, $cues } from './subtitles';
export { arrangeAudioTracks, initialAudioTrack, startAudioTrack, labelLanguage, isAc3, qualityOptions, qualityLabel, rateLabel, subtitleToToggleOn, qualityAnnouncement, rateAnnouncement, subtitleAnnouncement } from './rules';
export type { AudioPreferences, QualityOption } from './rules';
