import { useUnit } from 'effector-react';
import { $chapterGaps, $chapters, chapterAt } from '../index';
import './chapters.css';

/**
 * The gaps between chapters in the seek slider's track (placed inside it by playback's slider).
 * Decorative: the slider's label and value stay what assistive tech reads, and every pointer
 * event goes through to the track.
 */
export function ChapterGaps() {
  const gaps = useUnit($chapterGaps);
  if (gaps.length === 0) return null;
  return (
    <div className="chapter-gaps" aria-hidden="true" data-testid="chapter-gaps">
      {gaps.map((at) => (
        <span key={at} className="chapter-gaps__gap" style={{ left: `${at * 100}%` }} />
      ))}
    </div>
  );
}

/**
 * The title of the chapter at `time` (the slider's hover or drag: its own presentation state, not
 * a store), for the slider's time tooltip; nothing outside a chapter or for an untitled one. Text
 * only: React writes it as a text node, whatever the chapters file held.
 */
export function ChapterTitle({ time }: { time: number }) {
  const chapters = useUnit($chapters);
  const title = chapterAt(chapters, time)?.title;
  return title ? (
    <span className="chapter-title" data-testid="seek-chapter-title">
      {title}
    </span>
  ) : null;
}
