import { useUnit } from 'effector-react';
import { TrackMarks } from '../../../ui/track-marks';
import { $midrollMarks } from '../model/schedule';
import './midroll-marks.css';

/** Demo mode's coming mid-rolls, marked on the seek slider's track. */
export function MidrollMarks() {
  return <TrackMarks at={useUnit($midrollMarks)} name="midroll-marks" />;
}
