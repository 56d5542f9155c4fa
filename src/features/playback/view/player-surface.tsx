import type { ReactNode } from 'react';
import { useUnit } from 'effector-react';
import { STRINGS } from '../../../lib/strings';
import { formatHms } from '../../../lib/timecode';
import { PauseIcon, PlayIcon, ReplayIcon } from '../../../ui/icons';
import { $currentTime, $duration, $isPlaying, $status, $streamError, retryClicked, togglePlayClicked } from '../model';
import { VideoSlot } from './video-slot';

function TimeDisplay() {
  const { currentTime, duration } = useUnit({ currentTime: $currentTime, duration: $duration });
  return (
    <span className="player__time" data-testid="time">
      {formatHms(currentTime)} / {formatHms(duration)}
    </span>
  );
}

/** The player surface: video, a click layer, the big play button and a minimal control bar. */
export function PlayerSurface({ video, top }: { video: HTMLVideoElement; top?: ReactNode }) {
  const { status, isPlaying, streamError, onToggle, onRetry } = useUnit({
    status: $status,
    isPlaying: $isPlaying,
    streamError: $streamError,
    onToggle: togglePlayClicked,
    onRetry: retryClicked,
  });
  const playLabel = isPlaying ? STRINGS.pause : STRINGS.play;
  return (
    <div className="player" data-status={status} data-testid="player">
      <VideoSlot video={video} />
      <div className="player__click-layer" onClick={() => onToggle()} />
      {top && <div className="player__top">{top}</div>}
      {status === 'buffering' && <div className="player__spinner" role="progressbar" aria-label="Загрузка" />}
      {!isPlaying && !streamError && (
        <button type="button" className="player__big-play" aria-label={playLabel} onClick={() => onToggle()}>
          {status === 'ended' ? <ReplayIcon /> : <PlayIcon />}
        </button>
      )}
      <div className="player__controls">
        <button type="button" className="player__button" aria-label={playLabel} data-testid="play-toggle" onClick={() => onToggle()}>
          {isPlaying ? <PauseIcon /> : <PlayIcon />}
        </button>
        <TimeDisplay />
      </div>
      {streamError && (
        <div className="player__error" role="alert" data-testid="stream-error" data-detail={streamError.detail}>
          <p>{STRINGS.playbackError}</p>
          <button type="button" className="screen-message__button" onClick={() => onRetry()}>
            {STRINGS.retry}
          </button>
        </div>
      )}
    </div>
  );
}
