import { useUnit } from 'effector-react';
import { formatHms } from '../../../lib/timecode';
import { $chromeDuration, $chromeSecond } from '../controls';

/** Current time / duration as h:mm:ss; re-renders once a second while the controls show, never while hidden. */
export function TimeDisplay() {
  const { currentTime, duration } = useUnit({ currentTime: $chromeSecond, duration: $chromeDuration });
  return (
    <span className="time" data-testid="time">
      <span className="time__current">{formatHms(currentTime)}</span>
      <span className="time__sep"> / </span>
      <span className="time__duration">{formatHms(duration)}</span>
    </span>
  );
}
