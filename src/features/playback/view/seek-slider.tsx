import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useUnit } from 'effector-react';
import type { PlaybackModel } from '..';
import { STRINGS } from '../../../lib/strings';
import { formatHms } from '../../../lib/timecode';
import { bufferedStyle, hoverOutlivesRelease, SEEK_KEY_SHORTCUTS, seekAria, seekKey, startsDrag, timeAtPointer, tooltipLeft, trackPercent } from '../seek-rules';

/**
 * The pointer over the slider, presentation only: the time under it (the hover tooltip) and the
 * time it drags to (the media seeks once, on release).
 */
function useSeekPointer(duration: number, onSeek: (seconds: number) => void) {
  const track = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<number | null>(null);
  const [drag, setDrag] = useState<number | null>(null);
  const timeAt = (clientX: number) => timeAtPointer(clientX, track.current?.getBoundingClientRect(), duration);
  const handlers = {
    onPointerDown(event: PointerEvent<HTMLDivElement>) {
      if (!startsDrag(event.button, duration)) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      setDrag(timeAt(event.clientX));
    },
    onPointerMove(event: PointerEvent<HTMLDivElement>) {
      const time = timeAt(event.clientX);
      setHover(time);
      if (drag !== null) setDrag(time);
    },
    onPointerUp(event: PointerEvent<HTMLDivElement>) {
      if (drag === null) return;
      onSeek(timeAt(event.clientX));
      setDrag(null);
      if (!hoverOutlivesRelease(event.pointerType)) setHover(null);
    },
    onPointerCancel: () => setDrag(null),
    onPointerLeave: () => setHover(null),
  };
  return { track, hover, drag, handlers };
}

/** What other features draw on the slider (app.tsx: chapters, previews). */
export interface SeekSlots {
  /** Marks on the track: the gaps between chapters, the demo mid-rolls to come. */
  seekMarks?: ReactNode;
  /** A title over the tooltip's time, for the time under the pointer: its chapter's. */
  seekTipTitle?: (time: number) => ReactNode;
  /** Above the tooltip, the frame for the time under the pointer, at `left` (a CSS length) on the slider. */
  seekPreview?: (time: number, left: string) => ReactNode;
}

/**
 * The seek slider: played part, buffered ranges, the gaps between chapters, a hover tooltip with
 * the time under the pointer and the title of its chapter (and above it the frame for that time,
 * when the stream has seek previews), and dragging (the media seeks once, on release).
 * Keys: ←/→ 10 s, Home/End. Its rules (keys, positions, ARIA) are in seek-rules.ts.
 */
export function SeekSlider({ model, seekMarks, seekTipTitle, seekPreview }: SeekSlots & { model: PlaybackModel }) {
  const { currentTime, duration, buffered, onSeek, onBack, onForward } = useUnit({
    currentTime: model.$chromeTime,
    duration: model.$chromeDuration,
    buffered: model.$bufferedRanges,
    onSeek: model.seekRequested,
    onBack: model.seekBackClicked,
    onForward: model.seekForwardClicked,
  });
  const { track, hover, drag, handlers } = useSeekPointer(duration, onSeek);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const key = seekKey(event.key, duration);
    if (!key) return;
    event.preventDefault();
    event.stopPropagation();
    if (key.kind === 'seekTo') onSeek(key.seconds);
    else if (key.kind === 'seekBack') onBack();
    else onForward();
  };

  const shown = drag ?? currentTime;
  const tip = drag ?? hover;
  return (
    <div
      className={`seek${drag !== null ? ' seek--dragging' : ''}`}
      role="slider"
      tabIndex={0}
      aria-label={STRINGS.seekSlider}
      {...seekAria(shown, duration)}
      aria-keyshortcuts={SEEK_KEY_SHORTCUTS}
      data-testid="seek-slider"
      {...handlers}
      onKeyDown={onKeyDown}
    >
      <div className="seek__track" ref={track}>
        {buffered.map((range) => (
          <div key={`${range[0]}`} className="seek__buffered" style={bufferedStyle(range, duration)} />
        ))}
        {tip !== null && <div className="seek__hover" style={{ width: trackPercent(tip, duration) }} />}
        <div className="seek__played" style={{ width: trackPercent(shown, duration) }} />
        {seekMarks}
        <div className="seek__thumb" style={{ left: trackPercent(shown, duration) }} />
      </div>
      {tip !== null && duration > 0 && seekPreview?.(tip, trackPercent(tip, duration))}
      {tip !== null && duration > 0 && (
        <div className="seek__tooltip" style={{ left: tooltipLeft(tip, duration) }} data-testid="seek-tooltip">
          {seekTipTitle?.(tip)}
          {formatHms(tip)}
        </div>
      )}
    </div>
  );
}
