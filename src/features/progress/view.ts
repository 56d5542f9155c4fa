/** Progress' view: the resume prompt. */
// The model API is index.ts; this entry is for app/ and other features' views only.
export { ResumePrompt } from './view/resume-prompt';
