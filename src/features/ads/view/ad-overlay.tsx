import type { MouseEvent } from 'react';
import { useUnit } from 'effector-react';
import { STRINGS } from '../../../lib/strings';
import { VOLUME_MAX, VOLUME_MIN, VOLUME_STEP } from '../../../lib/constants';
import { PauseIcon, PlayIcon } from '../../../ui/icons';
import { MediaSlot } from '../../../ui/media-slot';
import type { AdsModel } from '../index';
import { ExternalIcon, MutedIcon, SkipIcon, VolumeIcon } from './icons';
import './ad-overlay.css';

/** The ads model: each part of the overlay reads its stores and fires its intents. */
interface ModelProps {
  model: AdsModel;
}

function SkipButton({ model }: ModelProps) {
  const { countdown, skippable, onSkip } = useUnit({ countdown: model.$skipCountdown, skippable: model.$skippable, onSkip: model.adSkipClicked });
  if (countdown === null) return null;
  return (
    <button
      type="button"
      className={`ad-overlay__skip${skippable ? ' is-ready' : ''}`}
      disabled={!skippable}
      onClick={() => onSkip()}
      data-testid="ad-skip"
    >
      {skippable ? STRINGS.skipAdNow : STRINGS.skipAd(countdown)}
      {skippable && <SkipIcon />}
    </button>
  );
}

function VolumeControl({ model }: ModelProps) {
  const { silent, heard, onMute, onSlide } = useUnit({ silent: model.$adSilent, heard: model.$adHeardVolume, onMute: model.adMuteClicked, onSlide: model.adVolumeSlid });
  return (
    <div className="ad-overlay__volume">
      <button
        type="button"
        className="ad-overlay__button"
        aria-label={silent ? STRINGS.unmute : STRINGS.mute}
        onClick={() => onMute()}
        data-testid="ad-mute"
      >
        {silent ? <MutedIcon /> : <VolumeIcon />}
      </button>
      <input
        type="range"
        className="ad-overlay__slider"
        min={VOLUME_MIN}
        max={VOLUME_MAX}
        step={VOLUME_STEP}
        value={heard}
        aria-label={STRINGS.volume}
        onChange={(event) => onSlide(Number(event.currentTarget.value))}
      />
    </div>
  );
}

/** Opens the advertiser's page from a link, without the click reaching the layer under it. */
function useOpenLink(model: AdsModel) {
  const onClick = useUnit(model.adClicked);
  return (event: MouseEvent) => {
    event.stopPropagation();
    onClick();
  };
}

/** The click layer over the ad's picture: the advertiser's page when the ad has one, else play/pause. */
function AdClickLayer({ model }: ModelProps) {
  const { clickThrough, onToggle } = useUnit({ clickThrough: model.$clickThroughUrl, onToggle: model.adTogglePlayClicked });
  const openLink = useOpenLink(model);
  return clickThrough ? (
    <a
      className="ad-overlay__click"
      href={clickThrough}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={STRINGS.adVisitSite}
      onClick={openLink}
      data-testid="ad-click-through"
    />
  ) : (
    <div className="ad-overlay__click" onClick={() => onToggle()} data-testid="ad-click-area" />
  );
}

/** The badge (with the ad's place in a pod), the time left, and the advertiser's link. */
function AdTopBar({ model }: ModelProps) {
  const { position, adClock, clickThrough } = useUnit({ position: model.$adPosition, adClock: model.$adClock, clickThrough: model.$clickThroughUrl });
  const openLink = useOpenLink(model);
  return (
    <div className="ad-overlay__top">
      <span className="ad-overlay__badge" data-testid="ad-badge">
        {position ? STRINGS.adPodBadge(position.index, position.count) : STRINGS.adBadge}
      </span>
      {adClock !== null && (
        <span className="ad-overlay__remaining" data-testid="ad-remaining" aria-label={STRINGS.adRemaining(adClock)}>
          {adClock}
        </span>
      )}
      {clickThrough && (
        <a className="ad-overlay__visit" href={clickThrough} target="_blank" rel="noopener noreferrer" onClick={openLink} data-testid="ad-visit">
          {STRINGS.adVisitSite}
          <ExternalIcon />
        </a>
      )}
    </div>
  );
}

/** Play/pause, the volume, skip, and the progress line. */
function AdBottomBar({ model }: ModelProps) {
  const { shown, paused, played, onToggle } = useUnit({ shown: model.$adShown, paused: model.$adPaused, played: model.$adPlayedPercent, onToggle: model.adTogglePlayClicked });
  return (
    <div className="ad-overlay__bottom">
      <div className="ad-overlay__controls">
        <button
          type="button"
          className="ad-overlay__button"
          aria-label={paused ? STRINGS.play : STRINGS.pause}
          onClick={() => onToggle()}
          disabled={!shown}
          data-testid="ad-play-toggle"
        >
          {paused ? <PlayIcon /> : <PauseIcon />}
        </button>
        <VolumeControl model={model} />
        <span className="ad-overlay__spacer" />
        <SkipButton model={model} />
      </div>
      <div className="ad-overlay__progress" aria-hidden="true">
        <div className="ad-overlay__progress-fill" style={{ width: `${played}%` }} />
      </div>
    </div>
  );
}

/**
 * The ad over the content: its video, click-through, play/pause, volume, skip, and what is left.
 * The ad's element is mounted (through the model's `adMedia`) while an ad of the running break is
 * current.
 */
export function AdOverlay({ model }: ModelProps) {
  const { phase, ad, status, shown, paused, onToggle } = useUnit({
    phase: model.$breakPhase,
    ad: model.$currentAd,
    status: model.$adStatus,
    shown: model.$adShown,
    paused: model.$adPaused,
    onToggle: model.adTogglePlayClicked,
  });
  if (phase !== 'running') return null;
  return (
    <div className="ad-overlay" data-testid="ad-overlay" data-ad-status={status ?? 'LOADING'} data-ad-id={ad?.id ?? ''}>
      {ad && <MediaSlot media={model.adMedia} className="ad-overlay__video" />}
      <AdClickLayer model={model} />
      {!shown && <div className="ad-overlay__spinner" role="progressbar" aria-label={STRINGS.adLoading} />}
      <AdTopBar model={model} />
      {paused && (
        <button type="button" className="ad-overlay__big-play" aria-label={STRINGS.play} onClick={() => onToggle()} data-testid="ad-resume">
          <PlayIcon />
        </button>
      )}
      <AdBottomBar model={model} />
    </div>
  );
}
