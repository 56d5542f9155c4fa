/** Playback and error analytics sent to the page's rstat4 (SPEC.md §7, §8). */
export { createAnalytics, networkType, errorPayload, FRAME_DROP_RATIO, reportStreamErrorFx } from './model';
export type { AnalyticsModel, AnalyticsItem, ContentPosition, StreamErrorReport, FrameDropReport } from './model';
export { playedSinceStart, type QoeFact } from './qoe';
export { marksReached, type ProgressMark } from './marks';
