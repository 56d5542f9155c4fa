import type { ReactNode } from 'react';
import { useUnit } from 'effector-react';
import { STRINGS } from '../../../lib/strings';
import { PauseIcon, PlayIcon, ReplayIcon } from '../../../ui/icons';
import { SeekBackIcon, SeekForwardIcon, ShareIcon } from '../../../ui/player-icons';
import { $shareEnabled, shareClicked } from '../controls';
import { KEY_SHORTCUTS } from '../keyboard';
import { togglePlayClicked } from '../events';
import { $isPlaying, $status } from '../status';
import { seekBackClicked, seekForwardClicked } from '../seek';
import { SeekSlider, type SeekSlots } from './seek-slider';
import { TimeDisplay } from './time-display';
import { VolumeControl } from './volume-control';

function PlayToggle({ className = 'control', testId = 'play-toggle' }: { className?: string; testId?: string }) {
  const { isPlaying, status, onToggle } = useUnit({ isPlaying: $isPlaying, status: $status, onToggle: togglePlayClicked });
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

function SeekBackButton({ className = 'control' }: { className?: string }) {
  const onBack = useUnit(seekBackClicked);
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

function SeekForwardButton({ className = 'control' }: { className?: string }) {
  const onForward = useUnit(seekForwardClicked);
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
function ShareButton() {
  const { enabled, onShare } = useUnit({ enabled: $shareEnabled, onShare: shareClicked });
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
export function DesktopControls({ controlsExtra, controlsRight, fullscreenButton, seekMarks, seekTipTitle, seekPreview }: ControlSlots) {
  return (
    <div className="chrome__bottom chrome__bottom--desktop" data-testid="control-bar">
      <SeekSlider seekMarks={seekMarks} seekTipTitle={seekTipTitle} seekPreview={seekPreview} />
      <div className="bar">
        <div className="bar__group">
          <PlayToggle />
          <SeekBackButton />
          <SeekForwardButton />
          <VolumeControl />
          <TimeDisplay />
          {controlsExtra && <div className="bar__slot">{controlsExtra}</div>}
        </div>
        <div className="bar__group bar__group--end">
          {controlsRight}
          <ShareButton />
          {fullscreenButton}
        </div>
      </div>
    </div>
  );
}

/** Mobile: top row (left slot, title, settings, close), middle row, bottom row (SPEC.md §2). */
export function MobileControls({ title, mobileTopLeft, mobileTopRight, fullscreenButton, seekMarks, seekTipTitle, seekPreview }: ControlSlots) {
  return (
    <>
      <div className="chrome__top chrome__top--mobile" data-testid="mobile-top-row">
        {mobileTopLeft && <div className="row__slot">{mobileTopLeft}</div>}
        <div className="row__title">{title}</div>
        <div className="row__end">
          <ShareButton />
          {mobileTopRight}
        </div>
      </div>
      <div className="chrome__middle" data-testid="mobile-middle-row">
        <SeekBackButton className="control control--round" />
        <PlayToggle className="control control--round control--primary" />
        <SeekForwardButton className="control control--round" />
      </div>
      <div className="chrome__bottom chrome__bottom--mobile" data-testid="mobile-bottom-row">
        <div className="row__times">
          <TimeDisplay />
        </div>
        <div className="row__bar">
          <VolumeControl compact />
          <SeekSlider seekMarks={seekMarks} seekTipTitle={seekTipTitle} seekPreview={seekPreview} />
          {fullscreenButton}
        </div>
      </div>
    </>
  );
}
