import { useUnit } from 'effector-react';
import { STRINGS } from '../../../lib/strings';
import { formatHms } from '../../../lib/timecode';
import type { ProgressModel } from '../model';
import './resume.css';

/** 'Вы остановились на h:mm:ss' before the first start of an episode with a saved position. */
export function ResumePrompt({ model }: { model: ProgressModel }) {
  const { at, onContinue, onRestart } = useUnit({ at: model.$resumePrompt, onContinue: model.continueClicked, onRestart: model.startOverClicked });
  if (at === null) return null;
  return (
    <div className="resume" role="dialog" aria-label={STRINGS.stoppedAt(formatHms(at))} data-testid="resume-prompt">
      <p className="resume__text">{STRINGS.stoppedAt(formatHms(at))}</p>
      <div className="resume__actions">
        <button type="button" className="resume__button resume__button--primary" data-testid="resume-continue" autoFocus onClick={() => onContinue()}>
          {STRINGS.continueWatching}
        </button>
        <button type="button" className="resume__button" data-testid="resume-restart" onClick={() => onRestart()}>
          {STRINGS.startOver}
        </button>
      </div>
    </div>
  );
}
