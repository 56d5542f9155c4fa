export { createTracks } from './model';
export type { TracksDeps, TracksModel } from './model';
export { $captionStyle, captionSizeChosen, captionPresetChosen, CAPTION_SIZES, CAPTION_PRESETS, DEFAULT_CAPTION_STYLE } from './caption-style';
export type { CaptionStyle, CaptionSize, CaptionPreset } from './caption-style';
export { arrangeAudioTracks, initialAudioTrack, startAudioTrack, labelLanguage, isAc3, qualityOptions, qualityLabel, rateLabel, subtitleToToggleOn, qualityAnnouncement, rateAnnouncement, subtitleAnnouncement } from './rules';
export type { AudioPreferences, QualityOption } from './rules';
