export { createPreviews } from './model';
export type { PreviewsDeps, PreviewsModel } from './model';
