/**
 * Caption style ('Стиль субтитров', beyond SPEC.md; US CVAA asks players for it): three sizes and
 * three presets for the captions the player draws, remembered with the viewer's other
 * preferences (preferences.ts).
 */
import { createEvent, createStore, sample } from 'effector';
import { DEFAULT_CAPTION_STYLE, readPreferencesFx, savePreferencesFx, type CaptionStyle } from './preferences';

export { CAPTION_PRESETS, CAPTION_SIZES, DEFAULT_CAPTION_STYLE } from './preferences';
export type { CaptionPreset, CaptionSize, CaptionStyle } from './preferences';

export const captionSizeChosen = createEvent<CaptionStyle['size']>();
export const captionPresetChosen = createEvent<CaptionStyle['preset']>();

export const $captionStyle = createStore<CaptionStyle>(DEFAULT_CAPTION_STYLE)
  .on(captionSizeChosen, (style, size) => ({ ...style, size }))
  .on(captionPresetChosen, (style, preset) => ({ ...style, preset }))
  .on(readPreferencesFx.doneData, (style, { captionStyle }) => ({ ...style, ...captionStyle }));

sample({
  clock: [captionSizeChosen, captionPresetChosen],
  source: $captionStyle,
  fn: (captionStyle) => ({ captionStyle }),
  target: savePreferencesFx,
});
