import type { MouseEvent } from 'react';
import { useUnit } from 'effector-react';
import { STRINGS } from '../../../lib/strings';
import { VOLUME_MAX, VOLUME_MIN, VOLUME_STEP } from '../../../lib/constants';
import { PauseIcon, PlayIcon } from '../../../ui/icons';
import { MediaSlot } from '../../../ui/media-slot';
import {
  $adStatus,
  $adTime,
  $adHeardVolume,
  $adPosition,
  $adSilent,
  $adVideo,
  $breakPhase,
  $currentAd,
  $skipCountdown,
  $skippable,
  adMuteClicked,
  adTogglePlayClicked,
  adVolumeSlid,
} from '../model/break';
import { $clickThroughUrl, adClicked, skipClicked } from '../model/tracking';
import { AdStatus } from '../status';
import { adDuration, adRemainingTime } from '../ad-unit';
import { ExternalIcon, MutedIcon, SkipIcon, VolumeIcon } from './icons';
import './ad-overlay.css';

/** m:ss, rounded up: an ad with 4.2 s left reads 0:05. */
function clock(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds - 1e-3));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

function SkipButton() {
  const { countdown, skippable, onSkip } = useUnit({ countdown: $skipCountdown, skippable: $skippable, onSkip: skipClicked });
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

function VolumeControl() {
  const { silent, heard, onMute, onSlide } = useUnit({ silent: $adSilent, heard: $adHeardVolume, onMute: adMuteClicked, onSlide: adVolumeSlid });
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

/** The ad over the content: its video, click-through, play/pause, volume, skip, and what is left. */
export function AdOverlay() {
  const { phase, video, ad, status, time, position, clickThrough, onToggle, onClick } = useUnit({
    phase: $breakPhase,
    video: $adVideo,
    ad: $currentAd,
    status: $adStatus,
    time: $adTime,
    position: $adPosition,
    clickThrough: $clickThroughUrl,
    onToggle: adTogglePlayClicked,
    onClick: adClicked,
  });
  if (phase !== 'running') return null;

  const shown = ad !== null && status !== null && status !== AdStatus.Created && status !== AdStatus.Loaded;
  const paused = status === AdStatus.Paused;
  const duration = ad ? adDuration(time.duration, ad.duration) : -2;
  const remaining = adRemainingTime(duration, time.currentTime);
  const played = duration > 0 ? Math.min(100, (time.currentTime / duration) * 100) : 0;
  const openLink = (event: MouseEvent) => {
    event.stopPropagation();
    onClick();
  };

  return (
    <div className="ad-overlay" data-testid="ad-overlay" data-ad-status={status ?? 'LOADING'} data-ad-id={ad?.id ?? ''}>
      {ad && <MediaSlot media={video} className="ad-overlay__video" />}
      {clickThrough ? (
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
      )}
      {!shown && <div className="ad-overlay__spinner" role="progressbar" aria-label={STRINGS.adLoading} />}

      <div className="ad-overlay__top">
        <span className="ad-overlay__badge" data-testid="ad-badge">
          {position ? STRINGS.adPodBadge(position.index, position.count) : STRINGS.adBadge}
        </span>
        {shown && remaining >= 0 && (
          <span className="ad-overlay__remaining" data-testid="ad-remaining" aria-label={STRINGS.adRemaining(clock(remaining))}>
            {clock(remaining)}
          </span>
        )}
        {clickThrough && (
          <a className="ad-overlay__visit" href={clickThrough} target="_blank" rel="noopener noreferrer" onClick={openLink} data-testid="ad-visit">
            {STRINGS.adVisitSite}
            <ExternalIcon />
          </a>
        )}
      </div>

      {paused && (
        <button type="button" className="ad-overlay__big-play" aria-label={STRINGS.play} onClick={() => onToggle()} data-testid="ad-resume">
          <PlayIcon />
        </button>
      )}

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
          <VolumeControl />
          <span className="ad-overlay__spacer" />
          <SkipButton />
        </div>
        <div className="ad-overlay__progress" aria-hidden="true">
          <div className="ad-overlay__progress-fill" style={{ width: `${played}%` }} />
        </div>
      </div>
    </div>
  );
}
