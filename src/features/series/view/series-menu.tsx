import { useEffect, useRef, type SyntheticEvent } from 'react';
import { useUnit } from 'effector-react';
import { STRINGS } from '../../../lib/strings';
import { cleanTitle } from '../../../lib/title';
import { formatHms } from '../../../lib/timecode';
import { CheckIcon, ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../../../ui/player-icons';
import type { PlaybackModel } from '../../playback';
import type { EpisodeRow, SeriesModel } from '../model';
import './series.css';
import { useMenuKeys } from '../../../ui/menu-keys';
import { useAppear } from '../../../ui/use-appear';

/** The no-photo placeholder: inline, so a missing poster never costs a request. */
export const NO_PHOTO =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90"><rect width="160" height="90" fill="#2a2a2e"/>' +
      '<g fill="none" stroke="#6b6b73" stroke-width="4"><rect x="58" y="28" width="44" height="34" rx="4"/>' +
      '<circle cx="80" cy="45" r="9"/></g><path d="M50 72 110 18" stroke="#6b6b73" stroke-width="4"/></svg>',
  );

const onPosterError = (event: SyntheticEvent<HTMLImageElement>) => {
  if (event.currentTarget.src !== NO_PHOTO) event.currentTarget.src = NO_PHOTO;
};

/** A poster the model resolved (null: none, or not an http(s) link), else the no-photo placeholder. */
export function Poster({ src }: { src: string | null }) {
  return <img className="episode__poster" src={src ?? NO_PHOTO} alt="" loading="lazy" onError={onPosterError} />;
}

function SeasonsIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path fill="currentColor" d="M4 6h12v2H4zm0 5h12v2H4zm0 5h8v2H4zm14-3 4 3-4 3z" />
    </svg>
  );
}

function NextIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path fill="currentColor" d="M6 6v12l8.5-6zm10 0h2v12h-2z" />
    </svg>
  );
}

/** 'Сезоны и серии': only for series. */
export function SeasonsButton({ model, className = 'control' }: { model: SeriesModel; className?: string }) {
  const { series, open, onToggle } = useUnit({ series: model.$isSeries, open: model.$seasonsMenuOpen, onToggle: model.seasonsMenuToggled });
  if (!series) return null;
  return (
    <button
      type="button"
      className={className}
      aria-label={STRINGS.seasonsAndEpisodes}
      aria-expanded={open}
      data-tip={STRINGS.seasonsAndEpisodes}
      data-testid="seasons-button"
      onClick={() => onToggle()}
    >
      <SeasonsIcon />
    </button>
  );
}

/** The next episode, with a hover card: poster, 'N сезон, M серия', title. */
export function NextEpisodeButton({ model }: { model: SeriesModel }) {
  const { next, poster, onNext } = useUnit({ next: model.$nextEpisode, poster: model.$nextEpisodePoster, onNext: model.nextEpisodeClicked });
  if (!next) return null;
  return (
    <div className="next-episode">
      <button type="button" className="control" aria-label={STRINGS.nextEpisode} data-testid="next-episode" onClick={() => onNext()}>
        <NextIcon />
      </button>
      <div className="next-episode__card" data-testid="next-episode-card" aria-hidden="true">
        <div className="next-episode__heading">{STRINGS.nextEpisode}</div>
        <Poster src={poster} />
        <div className="next-episode__number">{STRINGS.seriesEpisode(next.season?.order ?? 1, next.order)}</div>
        <div className="next-episode__title">{cleanTitle(next.title)}</div>
      </div>
    </div>
  );
}

function EpisodeItem({ row: { episode, poster, watched, done }, current, onPick }: { row: EpisodeRow; current: boolean; onPick: () => void }) {
  return (
    <button type="button" role="menuitem" className="episode" aria-current={current || undefined} data-testid="episode-item" onClick={onPick}>
      <span className="episode__thumb">
        <Poster src={poster} />
        {watched > 0 && (
          <span className="episode__progress" data-testid="episode-progress">
            <span style={{ width: `${Math.round(watched * 100)}%` }} />
          </span>
        )}
      </span>
      <span className="episode__text">
        <span className="episode__number">{STRINGS.episodeNumber(episode.order)}</span>
        <span className="episode__title">{cleanTitle(episode.title)}</span>
        <span className="episode__meta">
          {episode.duration ? formatHms(episode.duration) : ''}
          {done && (
            <span className="episode__done" data-testid="episode-done" title={STRINGS.episodeWatched}>
              <CheckIcon />
              {STRINGS.episodeWatched}
            </span>
          )}
        </span>
      </span>
    </button>
  );
}


/**
 * The 'Сезоны и серии' panel: the season list, then the chosen season's episodes. Closed, it reads
 * nothing else, so the saved progress behind the episodes' rows re-renders no hidden panel.
 */
export function SeasonsMenu({ model, playback }: { model: SeriesModel; playback: PlaybackModel }) {
  const open = useUnit(model.$seasonsMenuOpen);
  return open ? <SeasonsPanel model={model} playback={playback} /> : null;
}

function SeasonsPanel({ model, playback }: { model: SeriesModel; playback: PlaybackModel }) {
  const u = useUnit({
    open: model.$seasonsMenuOpen,
    seasonId: model.$menuSeasonId,
    seasons: model.$menuSeasons,
    rows: model.$menuEpisodeRows,
    current: model.$currentEpisode,
    mobile: playback.$mobileLayout,
    onPickSeason: model.menuSeasonPicked,
    onBack: model.menuBackClicked,
    onClose: model.seasonsMenuClosed,
    onEpisode: model.episodeSelected,
  });
  const panel = useRef<HTMLDivElement>(null);
  const onKeyDown = useMenuKeys(() => u.onBack(), () => u.onClose());
  useAppear(panel, u.open && !u.mobile); // the phone's full-screen panel shows at once

  // Each page opens focused on the current item, for keyboard use.
  useEffect(() => {
    const root = panel.current;
    if (!root || !u.open) return;
    const target = root.querySelector<HTMLElement>('[aria-current="true"]') ?? root.querySelector<HTMLElement>('[role="menuitem"]');
    target?.focus({ preventScroll: false });
    target?.scrollIntoView?.({ block: 'nearest' });
  }, [u.open, u.seasonId]);

  if (!u.open) return null;
  const season = u.seasons.find((item) => item.id === u.seasonId);
  return (
    <div
      ref={panel}
      className={`seasons seasons--${u.mobile ? 'mobile' : 'desktop'}`}
      role="dialog"
      aria-label={STRINGS.seasonsAndEpisodes}
      data-testid="seasons-menu"
      data-page={season ? 'episodes' : 'seasons'}
      onKeyDown={onKeyDown}
    >
      <div className="seasons__top">
        {season ? (
          <button type="button" className="seasons__header seasons__header--back" data-testid="seasons-back" aria-label={`${STRINGS.back}, ${STRINGS.seasonNumber(season.order)}`} onClick={() => u.onBack()}>
            <ChevronLeftIcon />
            <span>{STRINGS.seasonNumber(season.order)}</span>
          </button>
        ) : (
          <div className="seasons__header">{STRINGS.seasonsAndEpisodes}</div>
        )}
        <button type="button" className="seasons__close" aria-label={STRINGS.close} data-testid="seasons-close" onClick={() => u.onClose()}>
          <CloseIcon />
        </button>
      </div>
      {/* Only the list is the menu: its items are all menuitems, the header and close button stay outside. */}
      <div className="seasons__body" role="menu" aria-label={season ? STRINGS.seasonNumber(season.order) : STRINGS.seasonsAndEpisodes}>
        {season
          ? u.rows.map((row) => (
              <EpisodeItem
                key={row.episode.id}
                row={row}
                current={row.episode.id === u.current?.id}
                onPick={() => u.onEpisode(row.episode)}
              />
            ))
          : u.seasons.map((item) => (
              <button
                key={item.id}
                type="button"
                role="menuitem"
                className="seasons__season"
                aria-current={item.id === u.current?.season?.id || undefined}
                data-testid="season-item"
                onClick={() => u.onPickSeason(item.id)}
              >
                <span>{STRINGS.seasonNumber(item.order)}</span>
                <ChevronRightIcon />
              </button>
            ))}
      </div>
    </div>
  );
}
