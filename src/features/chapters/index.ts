export { createChapters } from './model';
export type { ChaptersDeps, ChaptersModel } from './model';
export { chapterAt } from './rules';
export type { Chapter, ChapterRole, SkipOffer, SkipRole } from './rules';
