/** Chapters' view: the skip button, and the seek slider's chapter gaps and tooltip title. */
// The model API is index.ts; this entry is for app/ and other features' views only.
export { SkipChapterButton } from './view/skip-button';
export { ChapterGaps, ChapterTitle } from './view/seek-chapters';
