export {
  chaptersTrackFound,
  chaptersCleared,
  watchChaptersTrackFx,
  skipChapterClicked,
  autoSkipToggled,
  skipOfferShown,
  chapterSkipped,
  chapterEntered,
  $chapters,
  $currentChapter,
  $chapterGaps,
  $creditsChapter,
  $skipOffer,
  $skipButtonShown,
  $autoSkipIntro,
} from './model';
export { chapterAt } from './rules';
export type { Chapter, ChapterRole, SkipOffer, SkipRole } from './rules';
