import './links';
export {
  readProgressFx,
  writeProgressFx,
  progressStarted,
  pageLeft,
  resumeOffered,
  continueClicked,
  startOverClicked,
  resumeAnswered,
  $resumePrompt,
  $savedProgress,
} from './model';
export type { ProgressMap } from './model';
export { decideStart, sanitizeProgress, isResumable, FINISHED_MARGIN_S } from './start';
export type { StartInput, StartDecision } from './start';
