import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useUnit } from 'effector-react';
import { STRINGS } from '../../../lib/strings';
import { formatHms } from '../../../lib/timecode';
import { MidrollMarks } from '../../ads/view';
import { ChapterGaps, ChapterTitle } from '../../chapters/view';
import { SeekPreview } from '../../previews/view';
import { $chromeTime } from '../controls';
import { $bufferedRanges, $duration } from '../model';
import { seekBackClicked, seekForwardClicked, seekRequested } from '../seek';

const percent = (value: number, duration: number) => (duration > 0 ? `${Math.min(100, Math.max(0, (value / duration) * 100))}%` : '0%');

/**
 * The seek slider: played part, buffered ranges, the gaps between chapters, a hover tooltip with
 * the time under the pointer and the title of its chapter (and above it the frame for that time,
 * when the stream has seek previews), and dragging (the media seeks once, on release).
 * Keys: ←/→ 10 s, Home/End.
 */
export function SeekSlider() {
  const { currentTime, duration, buffered, onSeek, onBack, onForward } = useUnit({
    currentTime: $chromeTime,
    duration: $duration,
    buffered: $bufferedRanges,
    onSeek: seekRequested,
    onBack: seekBackClicked,
    onForward: seekForwardClicked,
  });
  const track = useRef<HTMLDivElement>(null);
  // Pointer position is presentation only: the hover tooltip and the drag preview.
  const [hover, setHover] = useState<number | null>(null);
  const [drag, setDrag] = useState<number | null>(null);

  const timeAt = (clientX: number) => {
    const rect = track.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || duration <= 0) return 0;
    return Math.min(1, Math.max(0, (clientX - rect.left) / rect.width)) * duration;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || duration <= 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag(timeAt(event.clientX));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const time = timeAt(event.clientX);
    setHover(time);
    if (drag !== null) setDrag(time);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (drag === null) return;
    onSeek(timeAt(event.clientX));
    setDrag(null);
    if (event.pointerType !== 'mouse') setHover(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const actions: Record<string, () => void> = {
      ArrowLeft: () => onBack(),
      ArrowDown: () => onBack(),
      ArrowRight: () => onForward(),
      ArrowUp: () => onForward(),
      Home: () => onSeek(0),
      End: () => onSeek(duration),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    action();
  };

  const shown = drag ?? currentTime;
  const tip = drag ?? hover;
  return (
    <div
      className={`seek${drag !== null ? ' seek--dragging' : ''}`}
      role="slider"
      tabIndex={0}
      aria-label={STRINGS.seekSlider}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(shown)}
      aria-valuetext={`${formatHms(shown)} / ${formatHms(duration)}`}
      aria-keyshortcuts="ArrowLeft ArrowRight Home End"
      data-testid="seek-slider"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDrag(null)}
      onPointerLeave={() => setHover(null)}
      onKeyDown={onKeyDown}
    >
      <div className="seek__track" ref={track}>
        {buffered.map(([start, end]) => (
          <div
            key={`${start}`}
            className="seek__buffered"
            style={{ left: percent(start, duration), width: percent(Math.min(end, duration) - start, duration) }}
          />
        ))}
        {tip !== null && <div className="seek__hover" style={{ width: percent(tip, duration) }} />}
        <div className="seek__played" style={{ width: percent(shown, duration) }} />
        <ChapterGaps />
        <MidrollMarks />
        <div className="seek__thumb" style={{ left: percent(shown, duration) }} />
      </div>
      {tip !== null && duration > 0 && <SeekPreview time={tip} left={percent(tip, duration)} />}
      {tip !== null && duration > 0 && (
        <div className="seek__tooltip" style={{ left: `clamp(2rem, ${percent(tip, duration)}, calc(100% - 2rem))` }} data-testid="seek-tooltip">
          <ChapterTitle time={tip} />
          {formatHms(tip)}
        </div>
      )}
    </div>
  );
}
