import { useUnit } from 'effector-react';
import { chapterAt, type ChaptersModel } from '../index';
import { TrackMarks } from '../../../ui/track-marks';
import './chapters.css';

/** The gaps between chapters, marked on the seek slider's track. */
export function ChapterGaps({ model }: { model: ChaptersModel }) {
  return <TrackMarks at={useUnit(model.$chapterGaps)} name="chapter-gaps" />;
}

/**
 * The title of the chapter at `time` (the slider's hover or drag: its own presentation state, not
 * a store), for the slider's time tooltip; nothing outside a chapter or for an untitled one. Text
 * only: React writes it as a text node, whatever the chapters file held.
 */
export function ChapterTitle({ model, time }: { model: ChaptersModel; time: number }) {
  const chapters = useUnit(model.$chapters);
  const title = chapterAt(chapters, time)?.title;
  return title ? (
    <span className="chapter-title" data-testid="seek-chapter-title">
      {title}
    </span>
  ) : null;
}
