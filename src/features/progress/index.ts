export { createProgress, readProgressFx, writeProgressFx } from './model';
export type { ProgressDeps, ProgressMap, ProgressModel } from './model';
export { decideStart, planStart, sanitizeProgress, isResumable, FINISHED_MARGIN_S, type StartPlan, type StartPlay } from './start';
export type { StartInput, StartDecision } from './start';
