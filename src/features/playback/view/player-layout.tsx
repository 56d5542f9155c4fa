import { lazy, Suspense, useEffect, type ComponentType, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { useUnit } from 'effector-react';
import type { PlaybackModel } from '..';
import { STRINGS } from '../../../lib/strings';
import { PlayIcon, ReplayIcon } from '../../../ui/icons';
import { SEEK_STEP_S } from '../../../lib/constants';
import { CloseIcon, SeekBackIcon, SeekForwardIcon } from '../../../ui/player-icons';
import { KEY_SHORTCUTS } from '../keyboard';
import { DesktopControls, MobileControls, type ControlSlots } from './controls';
import type { ShortcutsDialogProps } from './shortcuts-dialog';
import { useShortcuts } from './use-shortcuts';
import { UnmuteButton } from './unmute-button';
import { MediaSlot } from '../../../ui/media-slot';
import './surface.css';
// The dialog's styles ship with the page: only a preloaded chunk's stylesheet is linked.
import './shortcuts.css';
import { engineOf } from '../../../engine/engines';

/** The dialog's code could not load (offline): it closes again, so the keys are not left held by a list no one sees. */
function DialogUnavailable({ onClose }: ShortcutsDialogProps) {
  useEffect(() => {
    onClose();
  }, [onClose]);
  return null;
}

// The '?' dialog is rarely opened: its code loads on first use, not with the player. A failed
// load must not take the player down with it (lazy rethrows to the nearest error boundary).
const ShortcutsDialog = lazy<ComponentType<ShortcutsDialogProps>>(() => import('./shortcuts-dialog').catch(() => ({ default: DialogUnavailable })));

export interface PlayerLayoutProps extends ControlSlots {
  /** Playback's model (createPlayback). */
  model: PlaybackModel;
  /** The title (kept for the foundation's API; same as `title`). */
  top?: ReactNode;
  /** Drawn over the picture, under the controls: captions, prompts. */
  overlay?: ReactNode;
  /** The settings menu and its backdrop, over the controls. */
  menu?: ReactNode;
  /** Topmost layers that cover the whole player, e.g. an ad. */
  children?: ReactNode;
}

/** Where on the width a pointer event happened, 0..1. */
function fractionX(event: MouseEvent<HTMLElement>): number {
  const rect = event.currentTarget.getBoundingClientRect();
  return rect.width > 0 ? (event.clientX - rect.left) / rect.width : 0.5;
}

/** The player surface: video, gestures, captions, spinner, big play, and the desktop or mobile controls. */
/** The ripple on the side a double-click or double tap seeked. */
function SeekFlash({ model }: { model: PlaybackModel }) {
  const flash = useUnit(model.$seekFlash);
  if (!flash) return null;
  return (
    <div key={flash.id} className={`seek-flash seek-flash--${flash.zone}`} aria-hidden="true" data-testid="seek-flash">
      <span className="seek-flash__bubble">
        {flash.zone === 'left' ? <SeekBackIcon /> : <SeekForwardIcon />}
        <span>{STRINGS.seekFlash(SEEK_STEP_S)}</span>
      </span>
    </div>
  );
}

/** A polite live region: screen readers say what the viewer's last key or choice changed. */
function Announcer({ model }: { model: PlaybackModel }) {
  const announcement = useUnit(model.$announcement);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="announcer">
      {/* A new node per line, so the same line said twice is read twice. */}
      {announcement && <span key={announcement.id}>{announcement.text}</span>}
    </div>
  );
}

function ShortcutsHelp({ model }: { model: PlaybackModel }) {
  const { open, mobile, onClose } = useUnit({ open: model.$shortcutsHelpOpen, mobile: model.$mobileLayout, onClose: model.shortcutsHelpClosed });
  return open ? (
    <Suspense fallback={null}>
      <ShortcutsDialog strings={STRINGS} mobile={mobile} onClose={onClose} closeIcon={<CloseIcon />} />
    </Suspense>
  ) : null;
}

export function PlayerLayout({ model, top, title, overlay, menu, children, ...slots }: PlayerLayoutProps) {
  const { engineKey, status, spinnerShown, bigPlayShown, streamError, mobile, controlsVisible, onToggle, onRetry, onClick, onDoubleClick, onMove, onAct, onLeave } =
    useUnit({
      engineKey: model.$engineKey,
      status: model.$status,
      spinnerShown: model.$spinnerShown,
      bigPlayShown: model.$bigPlayShown,
      streamError: model.$streamError,
      mobile: model.$mobileLayout,
      controlsVisible: model.$controlsVisible,
      onToggle: model.togglePlayClicked,
      onRetry: model.retryClicked,
      onClick: model.surfaceClicked,
      onDoubleClick: model.surfaceDoubleClicked,
      onMove: model.pointerMoved,
      onAct: model.userActed,
      onLeave: model.pointerLeft,
    });
  useShortcuts(model);
  const heading = title ?? top;
  const mouse = (event: PointerEvent) => event.pointerType === 'mouse';
  const chromeProps = { onPointerDown: () => onAct() };
  return (
    <div
      className="player"
      data-status={status}
      data-layout={mobile ? 'mobile' : 'desktop'}
      data-controls={controlsVisible ? 'shown' : 'hidden'}
      data-testid="player"
      onPointerMove={(event) => mouse(event) && onMove()}
      onPointerLeave={(event) => mouse(event) && onLeave()}
      // Any key shows the controls, also keys a slider keeps to itself.
      onKeyDownCapture={() => onAct()}
    >
      <MediaSlot media={engineOf(engineKey)?.surface} className="player__video" />
      <div
        className="player__click-layer"
        data-testid="click-layer"
        onClick={(event) => onClick(fractionX(event))}
        onDoubleClick={(event) => onDoubleClick(fractionX(event))}
      />
      <div className="player__scrim" aria-hidden="true" />
      <SeekFlash model={model} />
      {overlay}
      {spinnerShown && <div className="player__spinner" role="progressbar" aria-label={STRINGS.buffering} />}
      {!mobile && bigPlayShown && (
        <button type="button" className="player__big-play" aria-label={STRINGS.play} aria-keyshortcuts={KEY_SHORTCUTS.togglePlay} onClick={() => onToggle()}>
          {status === 'ended' ? <ReplayIcon /> : <PlayIcon />}
        </button>
      )}
      {mobile ? (
        <div className="chrome chrome--mobile" {...chromeProps}>
          <MobileControls model={model} title={heading} {...slots} />
        </div>
      ) : (
        <>
          {heading && <div className="chrome__top chrome__top--desktop player__top">{heading}</div>}
          <div className="chrome chrome--desktop" {...chromeProps}>
            <DesktopControls model={model} {...slots} />
          </div>
        </>
      )}
      {menu}
      {streamError && (
        <div className="player__error" role="alert" data-testid="stream-error" data-detail={streamError.detail}>
          <p>{STRINGS.playbackError}</p>
          <button type="button" className="screen-message__button" onClick={() => onRetry()}>
            {STRINGS.retry}
          </button>
        </div>
      )}
      {children}
      <UnmuteButton model={model} />
      <Announcer model={model} />
      <ShortcutsHelp model={model} />
    </div>
  );
}
