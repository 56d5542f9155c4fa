/** Tracks' view: the captions drawn over the video. */
// The model API is index.ts; this entry is for app/ and other features' views only.
export { Captions } from './view/captions';
