import { useUnit } from 'effector-react';
import { $cues } from '../subtitles';
import './tracks.css';

/** The subtitle cues showing now, drawn above the control bar (which lifts them when shown). */
export function Captions() {
  const cues = useUnit($cues);
  if (cues.length === 0) return null;
  return (
    <div className="captions" data-testid="captions" aria-live="off">
      {cues.map((text, index) => (
        <span key={index} className="captions__cue">
          {text}
        </span>
      ))}
    </div>
  );
}
