/** Playback and error analytics sent to the page's rstat4 (SPEC.md §7, §8). */
export {
  itemChanged,
  deviceDetected,
  positionUpdated,
  contentPlayingChanged,
  streamErrorReported,
  framesSampled,
  libraryLoadFailed,
  chapterSkipOffered,
  chapterSkipClicked,
  $sentMarks,
  networkType,
  errorPayload,
  FRAME_DROP_RATIO,
  reportStreamErrorFx,
} from './model';
export { pageHidden, qoeAutoplayed, qoeFactHappened, qoeSourceRequested } from './qoe-model';
export { playedSinceStart, type QoeFact } from './qoe';
export type { AnalyticsItem, ContentPosition, StreamErrorReport, FrameDropReport } from './model';
export { marksReached, type ProgressMark } from './marks';
