import type { ReactNode } from 'react';
import { useUnit } from 'effector-react';
import type { PlaybackModel } from '..';
import { STRINGS } from '../../../lib/strings';
import { PauseIcon, PlayIcon, ReplayIcon } from '../../../ui/icons';
import { SeekBackIcon, SeekForwardIcon, ShareIcon } from '../../../ui/player-icons';
import { KEY_SHORTCUTS } from '../keyboard';
import { SeekSlider, type SeekSlots } from './seek-slider';
import { TimeDisplay } from './time-display';
import { VolumeControl } from './volume-control';

function PlayToggle({ model, className = 'control', testId = 'play-toggle' }: { model: PlaybackModel; className?: string; testId?: string }) {
  const { isPlaying, status, onToggle } = useUnit({ isPlaying: model.$isPlaying, status: model.$status, onToggle: model.togglePlayClicked });
  const label = isPlaying ? STRINGS.pause : STRINGS.play;
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      aria-keyshortcuts={KEY_SHORTCUTS.togglePlay}
      data-tip={label}
      data-testid={testId}
      onClick={() => onToggle()}
    >
      {isPlaying ? <PauseIcon /> : status === 'ended' ? <ReplayIcon /> : <PlayIcon />}
    </button>
  );
}

function SeekBackButton({ model, className = 'control' }: { model: PlaybackModel; className?: string }) {
  const onBack = useUnit(model.seekBackClicked);
  return (
    <button
      type="button"
      className={className}
      aria-label={STRINGS.seekBack}
      aria-keyshortcuts={KEY_SHORTCUTS.seekBack}
      data-tip={STRINGS.seekBack}
      data-testid="seek-back"
      onClick={() => onBack()}
    >
      <SeekBackIcon />
    </button>
  );
}

function SeekForwardButton({ model, className = 'control' }: { model: PlaybackModel; className?: string }) {
  const onForward = useUnit(model.seekForwardClicked);
  return (
    <button
      type="button"
      className={className}
      aria-label={STRINGS.seekForward}
      aria-keyshortcuts={KEY_SHORTCUTS.seekForward}
      data-tip={STRINGS.seekForward}
      data-testid="seek-forward"
      onClick={() => onForward()}
    >
      <SeekForwardIcon />
    </button>
  );
}

/** Share: hidden with disabled_share; the popup belongs to another feature. */
function ShareButton({ model }: { model: PlaybackModel }) {
  const { enabled, onShare } = useUnit({ enabled: model.$shareEnabled, onShare: model.shareClicked });
  if (!enabled) return null;
  return (
    <button type="button" className="control" aria-label={STRINGS.share} data-tip={STRINGS.share} data-testid="share-button" onClick={() => onShare()}>
      <ShareIcon />
    </button>
  );
}

export interface ControlSlots extends SeekSlots {
  /** Desktop bar, after the clock: seasons and episodes, next episode. */
  controlsExtra?: ReactNode;
  /** Desktop bar, right group before share: casting, settings, subtitles, picture-in-picture. */
  controlsRight?: ReactNode;
  /** The fullscreen button (desktop bar end, mobile bottom row end). */
  fullscreenButton?: ReactNode;
  /** Mobile top row, left. */
  mobileTopLeft?: ReactNode;
  /** Mobile top row, right: settings, the close button when stretched. */
  mobileTopRight?: ReactNode;
  /** The title, shown in the top scrim. */
  title?: ReactNode;
}

/** Desktop: the seek slider over one bar of controls (SPEC.md §2 order). */
export function DesktopControls({ model, controlsExtra, controlsRight, fullscreenButton, seekMarks, seekTipTitle, seekPreview }: ControlSlots & { model: PlaybackModel }) {
  return (
    <div className="chrome__bottom chrome__bottom--desktop" data-testid="control-bar">
      <SeekSlider model={model} seekMarks={seekMarks} seekTipTitle={seekTipTitle} seekPreview={seekPreview} />
      <div className="bar">
        <div className="bar__group">
          <PlayToggle model={model} />
          <SeekBackButton model={model} />
          <SeekForwardButton model={model} />
          <VolumeControl model={model} />
          <TimeDisplay model={model} />
          {controlsExtra && <div className="bar__slot">{controlsExtra}</div>}
        </div>
        <div className="bar__group bar__group--end">
          {controlsRight}
          <ShareButton model={model} />
          {fullscreenButton}
        </div>
      </div>
    </div>
  );
}

/** Mobile: top row (left slot, title, settings, close), middle row, bottom row (SPEC.md §2). */
export function MobileControls({ model, title, mobileTopLeft, mobileTopRight, fullscreenButton, seekMarks, seekTipTitle, seekPreview }: ControlSlots & { model: PlaybackModel }) {
  return (
    <>
      <div className="chrome__top chrome__top--mobile" data-testid="mobile-top-row">
        {mobileTopLeft && <div className="row__slot">{mobileTopLeft}</div>}
        <div className="row__title">{title}</div>
        <div className="row__end">
          <ShareButton model={model} />
          {mobileTopRight}
        </div>
      </div>
      <div className="chrome__middle" data-testid="mobile-middle-row">
        <SeekBackButton model={model} className="control control--round" />
        <PlayToggle model={model} className="control control--round control--primary" />
        <SeekForwardButton model={model} className="control control--round" />
      </div>
      <div className="chrome__bottom chrome__bottom--mobile" data-testid="mobile-bottom-row">
        <div className="row__times">
          <TimeDisplay model={model} />
        </div>
        <div className="row__bar">
          <VolumeControl model={model} compact />
          <SeekSlider model={model} seekMarks={seekMarks} seekTipTitle={seekTipTitle} seekPreview={seekPreview} />
          {fullscreenButton}
        </div>
      </div>
    </>
  );
}
