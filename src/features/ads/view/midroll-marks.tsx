import { useUnit } from 'effector-react';
import { $midrollMarks } from '../model/schedule';
import './midroll-marks.css';

/**
 * Demo mode's coming mid-rolls, marked on the seek slider's track (placed inside it by playback's
 * slider). Decorative: the slider's own label and value stay what assistive tech reads, and the
 * marks let every pointer event through to the track.
 */
export function MidrollMarks() {
  const marks = useUnit($midrollMarks);
  if (marks.length === 0) return null;
  return (
    <div className="midroll-marks" aria-hidden="true" data-testid="midroll-marks">
      {marks.map((at) => (
        <span key={at} className="midroll-marks__mark" style={{ left: `${at * 100}%` }} />
      ))}
    </div>
  );
}
