import { useEffect, useRef, type ReactNode } from 'react';
import type { Store } from 'effector';
import { useUnit } from 'effector-react';
import { PLAYBACK_RATES } from '../../../lib/constants';
import { STRINGS } from '../../../lib/strings';
import {
  AudioIcon,
  CheckIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  CloseIcon,
  QualityIcon,
  SkipForwardIcon,
  SettingsIcon,
  SpeedIcon,
  SubtitlesIcon,
} from '../../../ui/player-icons';
import { $captionStyle, CAPTION_PRESETS, CAPTION_SIZES, captionPresetChosen, captionSizeChosen, rateLabel, type TracksModel } from '../../tracks';
import { KEY_SHORTCUTS, type PlaybackModel } from '../../playback';
import type { ChaptersModel } from '../../chapters';
import type { MenusModel, SubMenu } from '../model';
import './menus.css';
import { useMenuKeys } from '../../../ui/menu-keys';
import { useAppear } from '../../../ui/use-appear';

/** What the settings menu reads of the series model (app.tsx gives it). */
interface SeriesUnits {
  /** Whether a series plays: only a series offers to skip intros. */
  $isSeries: Store<boolean>;
}

/** What the menu reads of the chapters model: the 'Пропускать заставку' setting. */
type ChaptersUnits = Pick<ChaptersModel, '$autoSkipIntro' | 'autoSkipToggled'>;

/** The models of the other features whose settings the menu shows (app.tsx gives them). */
interface OtherModels {
  tracks: TracksModel;
  chapters: ChaptersUnits;
  series: SeriesUnits;
}

/** The gear: opens the main menu, closes any open one. */
export function SettingsButton({ model }: { model: MenusModel }) {
  const { active, onClick } = useUnit({ active: model.$activeMenu, onClick: model.settingsClicked });
  const open = active !== 'none';
  return (
    <button
      type="button"
      className={`control control--settings${open ? ' is-active' : ''}`}
      aria-label={STRINGS.settings}
      aria-haspopup="menu"
      aria-expanded={open}
      data-tip={open ? undefined : STRINGS.settings}
      data-testid="settings-button"
      onClick={() => onClick()}
    >
      <SettingsIcon />
    </button>
  );
}

/** The subtitles icon: opens the subs menu directly; underlined while subtitles show. */
export function SubtitlesButton({ model, tracks: units }: { model: MenusModel; tracks: TracksModel }) {
  const { tracks, on, onClick } = useUnit({ tracks: units.$subtitleTracks, on: units.$subtitlesOn, onClick: model.subtitlesButtonClicked });
  if (tracks.length === 0) return null;
  return (
    <button
      type="button"
      className={`control control--subtitles${on ? ' is-on' : ''}`}
      aria-label={STRINGS.subtitles}
      aria-haspopup="menu"
      aria-pressed={on}
      aria-keyshortcuts={KEY_SHORTCUTS.subtitles}
      data-tip={STRINGS.subtitles}
      data-testid="subtitles-button"
      onClick={() => onClick()}
    >
      <SubtitlesIcon />
    </button>
  );
}

/** Covers the player while a menu is open: a click outside the menu closes it (and does nothing else). */
export function MenuBackdrop({ model }: { model: MenusModel }) {
  const { active, onClick } = useUnit({ active: model.$activeMenu, onClick: model.outsideClicked });
  if (active === 'none') return null;
  return <div className="menu-backdrop" data-testid="menu-backdrop" onClick={() => onClick()} />;
}


interface RowProps {
  icon: ReactNode;
  label: string;
  value: string;
  menu: SubMenu;
  onOpen: (menu: SubMenu) => void;
}

function MainRow({ icon, label, value, menu, onOpen }: RowProps) {
  return (
    <button
      type="button"
      role="menuitem"
      aria-haspopup="menu"
      className="menu__item menu__item--nav"
      data-testid={`menu-row-${menu}`}
      onClick={() => onOpen(menu)}
      onKeyDown={(event) => event.key === 'ArrowRight' && onOpen(menu)}
    >
      <span className="menu__icon">{icon}</span>
      <span className="menu__label">{label}</span>
      <span className="menu__value">{value}</span>
      <span className="menu__chevron">
        <ChevronRightIcon />
      </span>
    </button>
  );
}

function Option({ label, checked, onChoose }: { label: string; checked: boolean; onChoose: () => void }) {
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={checked}
      className={`menu__item menu__item--option${checked ? ' is-checked' : ''}`}
      onClick={onChoose}
    >
      <span className="menu__check">{checked && <CheckIcon />}</span>
      <span className="menu__label">{label}</span>
    </button>
  );
}

/**
 * 'Пропускать заставку': a checkbox item (it stays open, as a setting does), for a series whatever
 * the episode: the setting is the viewer's, and applies to every episode that has an intro.
 */
function AutoSkipRow({ $isSeries, chapters }: SeriesUnits & { chapters: ChaptersUnits }) {
  const { series, on, onToggle } = useUnit({ series: $isSeries, on: chapters.$autoSkipIntro, onToggle: chapters.autoSkipToggled });
  if (!series) return null;
  return (
    <button
      type="button"
      role="menuitemcheckbox"
      aria-checked={on}
      className={`menu__item menu__item--toggle${on ? ' is-on' : ''}`}
      data-testid="menu-row-skip-intro"
      onClick={() => onToggle()}
    >
      <span className="menu__icon">
        <SkipForwardIcon />
      </span>
      <span className="menu__label">{STRINGS.autoSkipIntro}</span>
      <span className="menu__switch" aria-hidden="true" />
    </button>
  );
}

function Header({ title, onBack }: { title: string; onBack?: () => void }) {
  return onBack ? (
    <button type="button" role="menuitem" className="menu__header menu__header--back" aria-label={`${STRINGS.back}: ${title}`} onClick={onBack}>
      <ChevronLeftIcon />
      <span>{title}</span>
    </button>
  ) : (
    <div className="menu__header">
      <span>{title}</span>
    </div>
  );
}

function MainPage({ mobile, extra, model, tracks, chapters, series }: { mobile: boolean; extra?: ReactNode; model: MenusModel } & OtherModels) {
  const onOpen = useUnit(model.subMenuOpened);
  const data = useUnit({
    levels: tracks.$levels,
    quality: tracks.$qualityLabel,
    rate: tracks.$rateLabel,
    audioTracks: tracks.$audioTracks,
    audio: tracks.$audioLabel,
    subtitleTracks: tracks.$subtitleTracks,
    subtitle: tracks.$subtitleTrack,
    captionStyle: $captionStyle,
  });
  const subtitleName = data.subtitleTracks.find((track) => track.id === data.subtitle)?.name ?? STRINGS.subtitlesOff;
  return (
    <>
      {data.levels.length > 0 && <MainRow icon={<QualityIcon />} label={STRINGS.quality} value={data.quality} menu="quality" onOpen={onOpen} />}
      <MainRow icon={<SpeedIcon />} label={STRINGS.speed} value={data.rate} menu="playback-rate" onOpen={onOpen} />
      {data.audioTracks.length > 1 && <MainRow icon={<AudioIcon />} label={STRINGS.audio} value={data.audio} menu="audio" onOpen={onOpen} />}
      {mobile && data.subtitleTracks.length > 0 && <MainRow icon={<SubtitlesIcon />} label={STRINGS.subtitles} value={subtitleName} menu="subs" onOpen={onOpen} />}
      {data.subtitleTracks.length > 0 && (
        <MainRow icon={<SubtitlesIcon />} label={STRINGS.captionStyle} value={STRINGS.captionSizes[data.captionStyle.size]} menu="caption-style" onOpen={onOpen} />
      )}
      <AutoSkipRow {...series} chapters={chapters} />
      {mobile && extra}
    </>
  );
}

function QualityPage({ tracks }: { tracks: TracksModel }) {
  const { options, chosen, auto, onChoose } = useUnit({
    options: tracks.$qualityOptions,
    chosen: tracks.$chosenLevel,
    auto: tracks.$qualityLabel,
    onChoose: tracks.qualityChosen,
  });
  return (
    <>
      <Option label={chosen < 0 ? auto : STRINGS.autoQuality(null)} checked={chosen < 0} onChoose={() => onChoose(-1)} />
      {options.map((option) => (
        <Option key={option.index} label={option.label} checked={chosen === option.index} onChoose={() => onChoose(option.index)} />
      ))}
    </>
  );
}

function RatePage({ tracks }: { tracks: TracksModel }) {
  const { rate, onChoose } = useUnit({ rate: tracks.$playbackRate, onChoose: tracks.rateChosen });
  return (
    <>
      {PLAYBACK_RATES.map((value) => (
        <Option key={value} label={rateLabel(value)} checked={rate === value} onChoose={() => onChoose(value)} />
      ))}
    </>
  );
}

function SubsPage({ model }: { model: TracksModel }) {
  const { tracks, current, onChoose } = useUnit({ tracks: model.$subtitleTracks, current: model.$subtitleTrack, onChoose: model.subtitleChosen });
  return (
    <>
      <Option label={STRINGS.subtitlesOff} checked={current < 0} onChoose={() => onChoose(-1)} />
      {tracks.map((track) => (
        <Option key={track.id} label={track.name} checked={current === track.id} onChoose={() => onChoose(track.id)} />
      ))}
    </>
  );
}

function AudioPage({ model }: { model: TracksModel }) {
  const { tracks, current, onChoose } = useUnit({ tracks: model.$audioTracks, current: model.$audioTrack, onChoose: model.audioTrackChosen });
  return (
    <>
      {tracks.map((track) => (
        <Option key={track.id} label={track.name} checked={current === track.id} onChoose={() => onChoose(track.id)} />
      ))}
    </>
  );
}

/** A titled group of radio items inside a menu page. */
function ChoiceGroup<T extends string>({ title, values, labels, current, onChoose }: { title: string; values: readonly T[]; labels: Record<T, string>; current: T; onChoose: (value: T) => void }) {
  return (
    <div role="group" aria-label={title} className="menu__group">
      <div className="menu__group-title" aria-hidden="true">
        {title}
      </div>
      {values.map((value) => (
        <Option key={value} label={labels[value]} checked={current === value} onChoose={() => onChoose(value)} />
      ))}
    </div>
  );
}

/** Size and look of the captions: two groups of choices, each applied at once. */
function CaptionStylePage() {
  const { style, onSize, onPreset } = useUnit({ style: $captionStyle, onSize: captionSizeChosen, onPreset: captionPresetChosen });
  return (
    <>
      <ChoiceGroup title={STRINGS.captionSize} values={CAPTION_SIZES} labels={STRINGS.captionSizes} current={style.size} onChoose={onSize} />
      <ChoiceGroup title={STRINGS.captionLook} values={CAPTION_PRESETS} labels={STRINGS.captionPresets} current={style.preset} onChoose={onPreset} />
    </>
  );
}

const TITLES: Record<SubMenu, string> = {
  quality: STRINGS.quality,
  'playback-rate': STRINGS.speed,
  subs: STRINGS.subtitles,
  audio: STRINGS.audio,
  'caption-style': STRINGS.captionStyle,
};

/**
 * The settings menu: 17rem wide, at most 12rem tall, scrolling. Desktop: above the control
 * bar's right end; mobile: under the top row, with a close button. `mainExtra` is SPEC.md §2's
 * extra slot: the mobile main page's last row.
 */
export function SettingsMenu({ model, playback, tracks, chapters, series, mainExtra }: { model: MenusModel; playback: PlaybackModel; mainExtra?: ReactNode } & OtherModels) {
  const { active, mobile, onBack, onClose } = useUnit({ active: model.$activeMenu, mobile: playback.$mobileLayout, onBack: model.backClicked, onClose: model.closeClicked });
  const panel = useRef<HTMLDivElement>(null);
  const onKeyDown = useMenuKeys(() => onBack(), () => onClose());
  useAppear(panel, active !== 'none');

  // Each page opens with the checked item (or the first) focused, for keyboard use.
  useEffect(() => {
    const root = panel.current;
    if (!root || active === 'none') return;
    // The checked choice of an options page; a checked toggle of the main page is no choice.
    const target = root.querySelector<HTMLElement>('[role="menuitemradio"][aria-checked="true"]') ?? root.querySelector<HTMLElement>('[role^="menuitem"]');
    target?.focus({ preventScroll: false });
  }, [active]);

  // Closing a menu that had the focus hands it back to the gear, so keyboard use goes on.
  const hadFocus = useRef(false);
  useEffect(() => {
    if (active !== 'none' || !hadFocus.current) return;
    hadFocus.current = false;
    document.querySelector<HTMLElement>('[data-testid="settings-button"]')?.focus();
  }, [active]);

  if (active === 'none') return null;
  return (
    <div
      ref={panel}
      className={`menu menu--${mobile ? 'mobile' : 'desktop'}`}
      role="menu"
      aria-label={active === 'main' ? STRINGS.settingsMenu : TITLES[active]}
      data-testid="settings-menu"
      data-menu={active}
      onKeyDown={onKeyDown}
      // Capture phase: focus and blur do not bubble in the DOM (Preact binds them natively), and
      // the menu's items are what take the focus. Only focus moved to another element counts as
      // leaving: the menu's own removal blurs its item too (Chromium tells it to the element).
      onFocusCapture={() => (hadFocus.current = true)}
      onBlurCapture={(event) => {
        const next = event.relatedTarget as Node | null;
        if (next && !event.currentTarget.contains(next)) hadFocus.current = false;
      }}
    >
      <div className="menu__top">
        {active === 'main' ? <Header title={STRINGS.settings} /> : <Header title={TITLES[active]} onBack={() => onBack()} />}
        {mobile && (
          <button type="button" className="menu__close" aria-label={STRINGS.close} data-testid="menu-close" onClick={() => onClose()}>
            <CloseIcon />
          </button>
        )}
      </div>
      <div className="menu__body">
        {active === 'main' && <MainPage mobile={mobile} extra={mainExtra} model={model} tracks={tracks} chapters={chapters} series={series} />}
        {active === 'quality' && <QualityPage tracks={tracks} />}
        {active === 'playback-rate' && <RatePage tracks={tracks} />}
        {active === 'subs' && <SubsPage model={tracks} />}
        {active === 'audio' && <AudioPage model={tracks} />}
        {active === 'caption-style' && <CaptionStylePage />}
      </div>
    </div>
  );
}
