import { useUnit } from 'effector-react';
import { TrackMarks } from '../../../ui/track-marks';
import type { AdsModel } from '../index';
import './midroll-marks.css';

/** Demo mode's coming mid-rolls, marked on the seek slider's track. */
export function MidrollMarks({ model }: { model: AdsModel }) {
  return <TrackMarks at={useUnit(model.$midrollMarks)} name="midroll-marks" />;
}
