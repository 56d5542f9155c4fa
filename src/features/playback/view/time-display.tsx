import { useUnit } from 'effector-react';
import type { PlaybackModel } from '..';
import { formatHms } from '../../../lib/timecode';

/** Current time / duration as h:mm:ss; re-renders once a second while the controls show, never while hidden. */
export function TimeDisplay({ model }: { model: PlaybackModel }) {
  const { currentTime, duration } = useUnit({ currentTime: model.$chromeSecond, duration: model.$chromeDuration });
  return (
    <span className="time" data-testid="time">
      <span className="time__current">{formatHms(currentTime)}</span>
      <span className="time__sep"> / </span>
      <span className="time__duration">{formatHms(duration)}</span>
    </span>
  );
}
