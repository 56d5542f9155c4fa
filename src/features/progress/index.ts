export {
  readProgressFx,
  writeProgressFx,
  progressStarted,
  pageLeft,
  resumeOffered,
  $adoptedPlan,
  continueClicked,
  startOverClicked,
  resumeAnswered,
  $resumePrompt,
  $savedProgress,
} from './model';
export type { ProgressMap } from './model';
export { decideStart, planStart, sanitizeProgress, isResumable, FINISHED_MARGIN_S, type StartPlan, type StartPlay } from './start';
export type { StartInput, StartDecision } from './start';
