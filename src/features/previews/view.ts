/** Previews' view: the seek preview the seek slider shows above its time tooltip. */
// The model API is index.ts; this entry is for other features' views only.
export { SeekPreview } from './view/seek-preview';
export type { SeekPreviewProps } from './view/seek-preview';
