import { useUnit } from 'effector-react';
import type { Store } from 'effector';
import { $captionStyle } from '../caption-style';
import './tracks.css';

/** The subtitle cues showing now, drawn above the control bar (which lifts them when shown). */
export function Captions({ model }: { model: { $cues: Store<string[]> } }) {
  const { cues, style } = useUnit({ cues: model.$cues, style: $captionStyle });
  if (cues.length === 0) return null;
  return (
    <div className={`captions captions--${style.size} captions--${style.preset}`} data-testid="captions" aria-live="off">
      {cues.map((text, index) => (
        <span key={index} className="captions__cue">
          {text}
        </span>
      ))}
    </div>
  );
}
