import { useUnit } from 'effector-react';
import { STRINGS } from '../../../lib/strings';
import { formatHms } from '../../../lib/timecode';
import { CloseIcon } from '../../../ui/player-icons';
import type { PlaybackModel } from '../../playback';
import type { ShareModel } from '../model';
import './share.css';

const BADGES: Record<string, string> = { vk: 'VK', ok: 'OK', telegram: 'TG', whatsapp: 'WA', x: 'X' };

/** Mounts the popup only while it is open, so a closed popup never re-renders with the playhead. */
export function SharePopup({ model, playback }: { model: ShareModel; playback: PlaybackModel }) {
  const { open, enabled } = useUnit({ open: model.$sharePopupOpen, enabled: playback.$shareEnabled });
  return open && enabled ? <ShareDialog model={model} playback={playback} /> : null;
}

function ShareDialog({ model, playback }: { model: ShareModel; playback: PlaybackModel }) {
  const u = useUnit({
    link: model.$shareLink,
    targets: model.$shareTargets,
    time: playback.$currentSecond,
    withTimecode: model.$withTimecode,
    copied: model.$copied,
    mobile: playback.$mobileLayout,
    onClose: model.sharePopupClosed,
    onToggle: model.timecodeToggled,
    onCopy: model.copyClicked,
    onNetwork: model.networkClicked,
  });
  if (u.link === null) return null;
  return (
    <div
      className={`share share--${u.mobile ? 'mobile' : 'desktop'}`}
      role="dialog"
      aria-label={STRINGS.share}
      data-testid="share-popup"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        u.onClose();
      }}
    >
      <div className="share__top">
        <h2 className="share__heading">{STRINGS.share}</h2>
        <button type="button" className="share__close" aria-label={STRINGS.close} data-testid="share-close" onClick={() => u.onClose()}>
          <CloseIcon />
        </button>
      </div>
      <ul className="share__targets">
        {u.targets.map(({ target, href }) => (
          <li key={target.id}>
            <a
              className={`share__target share__target--${target.id}`}
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              data-testid={`share-${target.id}`}
              onClick={() => u.onNetwork(target.id)}
            >
              <span className="share__badge" aria-hidden="true">
                {BADGES[target.id]}
              </span>
              <span className="share__name">{target.name}</span>
            </a>
          </li>
        ))}
      </ul>
      <div className="share__link">
        <input className="share__url" readOnly value={u.link} aria-label={STRINGS.share} data-testid="share-link" onFocus={(event) => event.currentTarget.select()} />
        <button type="button" className="share__copy" data-testid="share-copy" onClick={() => u.onCopy()}>
          {u.copied ? STRINGS.linkCopied : STRINGS.copyLink}
        </button>
      </div>
      <label className="share__timecode">
        <input type="checkbox" checked={u.withTimecode} data-testid="share-timecode" onChange={(event) => u.onToggle(event.currentTarget.checked)} />
        <span>{STRINGS.shareWithTimecode}</span>
        <span className="share__time" data-testid="share-time">
          {formatHms(u.time)}
        </span>
      </label>
    </div>
  );
}
