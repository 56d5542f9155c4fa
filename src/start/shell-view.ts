/**
 * The page shell's markup: the player's own look before the app (page-shell.ts drives it). It uses
 * the app's class names and test ids, so the page's stylesheet draws it as the app draws its
 * controls, and the app's render replaces it in place.
 */
import { STRINGS } from '../lib/strings';
import { formatHms } from '../lib/timecode';

/** Icon paths as the app's icons draw them (src/ui/icons.tsx, src/ui/player-icons.tsx). */
const FILLED = {
  play: '<path d="M8 5.14v13.72a1 1 0 0 0 1.52.85l10.4-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14Z"/>',
  pause: '<rect x="6" y="5" width="4" height="14" rx="1"/><rect x="14" y="5" width="4" height="14" rx="1"/>',
};
const STROKED = {
  sound: '<path d="M11 5 6 9H2v6h4l5 4z"/><path d="M16 9a5 5 0 0 1 0 6"/><path d="M19.36 18.36a9 9 0 0 0 0-12.72"/>',
  muted: '<path d="M11 5 6 9H2v6h4l5 4z"/><path d="M22 9l-6 6M16 9l6 6"/>',
  settings:
    '<path d="M12.22 2h-.44a2 2 0 0 0-2 2v.18a2 2 0 0 1-1 1.73l-.43.25a2 2 0 0 1-2 0l-.15-.08a2 2 0 0 0-2.73.73l-.22.38a2 2 0 0 0 .73 2.73l.15.1a2 2 0 0 1 1 1.72v.51a2 2 0 0 1-1 1.74l-.15.09a2 2 0 0 0-.73 2.73l.22.38a2 2 0 0 0 2.73.73l.15-.08a2 2 0 0 1 2 0l.43.25a2 2 0 0 1 1 1.73V20a2 2 0 0 0 2 2h.44a2 2 0 0 0 2-2v-.18a2 2 0 0 1 1-1.73l.43-.25a2 2 0 0 1 2 0l.15.08a2 2 0 0 0 2.73-.73l.22-.39a2 2 0 0 0-.73-2.73l-.15-.08a2 2 0 0 1-1-1.74v-.5a2 2 0 0 1 1-1.74l.15-.09a2 2 0 0 0 .73-2.73l-.22-.38a2 2 0 0 0-2.73-.73l-.15.08a2 2 0 0 1-2 0l-.43-.25a2 2 0 0 1-1-1.73V4a2 2 0 0 0-2-2z"/><circle cx="12" cy="12" r="3"/>',
  fullscreen: '<path d="M8 3H5a2 2 0 0 0-2 2v3M21 8V5a2 2 0 0 0-2-2h-3M3 16v3a2 2 0 0 0 2 2h3M16 21h3a2 2 0 0 0 2-2v-3"/>',
};
const svg = (body: string, stroked: boolean) =>
  `<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" ${
    stroked ? 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"' : 'fill="currentColor"'
  }>${body}</svg>`;

/** What the shell shows; `page-shell.ts` keeps it. */
export interface ShellState {
  /** 'notStarted' until the media first plays, as the app's status. */
  status: 'notStarted' | 'playing' | 'paused';
  /** The viewer asked for something that is on its way (the spinner). */
  waiting: boolean;
  /** A frame is on the screen: the control bar shows with it. */
  framed: boolean;
  controlsShown: boolean;
  muted: boolean;
  time: number;
  duration: number;
  /** The browser refused sound: 'Включить звук'. */
  soundRefused: boolean;
  /** The page's autoplay is on its way: nothing to tap for yet. */
  autoplaying?: boolean;
  /** The pre-roll plays over the content: none of the content's controls show. */
  adPlaying?: boolean;
}

export interface ShellView {
  element: HTMLElement;
  update(state: ShellState): void;
}

const button = (action: string, className: string, testId: string, inner: string) =>
  `<button type="button" class="${className}" data-shell="${action}" data-testid="${testId}">${inner}</button>`;

const SEEK = '<div class="seek" role="slider" tabindex="0" data-shell="seek" data-testid="seek-slider"><div class="seek__track"><div class="seek__played"></div><div class="seek__thumb"></div></div></div>';
const TIME = '<span class="time" data-testid="time"><span class="time__current"></span><span class="time__sep"> / </span><span class="time__duration"></span></span>';

/**
 * The desktop bar (seek slider over one row) or the phone's rows, with the controls that work before
 * the app, and the settings button, whose tap the app performs when it comes.
 */
function chrome(mobile: boolean): string {
  const settings = button('settings', 'control', 'settings-button', svg(STROKED.settings, true));
  const toggle = (className: string) => button('toggle', className, 'play-toggle', '');
  const mute = `<div class="volume" data-testid="volume">${button('mute', 'control', 'mute-toggle', '')}</div>`;
  const fullscreen = button('fullscreen', 'control', 'fullscreen-button', svg(STROKED.fullscreen, true));
  if (mobile) {
    return `<div class="chrome chrome--mobile"><div class="chrome__top chrome__top--mobile"><div class="row__title"></div><div class="row__end">${settings}</div></div><div class="chrome__middle" data-testid="mobile-middle-row">${toggle('control control--round control--primary')}</div><div class="chrome__bottom chrome__bottom--mobile" data-testid="mobile-bottom-row"><div class="row__times">${TIME}</div><div class="row__bar">${mute}${SEEK}${fullscreen}</div></div></div>`;
  }
  return `<div class="chrome chrome--desktop"><div class="chrome__bottom chrome__bottom--desktop" data-testid="control-bar">${SEEK}<div class="bar"><div class="bar__group">${toggle('control')}${mute}${TIME}</div><div class="bar__group bar__group--end">${settings}${fullscreen}</div></div></div></div>`;
}

export function createShellView(doc: Document, mobile: boolean): ShellView {
  const element = doc.createElement('div');
  element.className = 'player player--shell';
  element.dataset.testid = 'page-shell';
  element.dataset.layout = mobile ? 'mobile' : 'desktop';
  element.innerHTML =
    '<div class="player__click-layer" data-shell="surface"></div><div class="player__scrim" aria-hidden="true"></div>' +
    `<div class="player__spinner" role="progressbar" aria-label="${STRINGS.buffering}" hidden></div>` +
    button('toggle', 'player__big-play', 'big-play', svg(FILLED.play, false)) +
    button('unmute', 'player__unmute', 'autoplay-unmute', `${svg(STROKED.muted, true)}<span>${STRINGS.unmute}</span>`) +
    // The ad overlay's badge over a pre-roll the page plays before the app (early-ad.ts).
    `<div class="ad-overlay__top" hidden><span class="ad-overlay__badge" data-testid="shell-ad-badge">${STRINGS.adBadge}</span></div>`;
  // The bar joins the page with the first frame, not before: until then there is nothing it could do.
  const bar = doc.createElement('template');
  bar.innerHTML = chrome(mobile);
  const chromeElement = bar.content.firstElementChild as HTMLElement;
  const find = <T extends Element>(selector: string) => (element.querySelector<T>(selector) ?? chromeElement.querySelector<T>(selector))!;
  const parts = {
    spinner: find<HTMLElement>('.player__spinner'),
    bigPlay: find<HTMLElement>('.player__big-play'),
    toggle: find<HTMLElement>('[data-testid="play-toggle"]'),
    mute: find<HTMLElement>('[data-testid="mute-toggle"]'),
    fullscreen: find<HTMLElement>('[data-testid="fullscreen-button"]'),
    seek: find<HTMLElement>('.seek'),
    played: find<HTMLElement>('.seek__played'),
    thumb: find<HTMLElement>('.seek__thumb'),
    current: find<HTMLElement>('.time__current'),
    duration: find<HTMLElement>('.time__duration'),
    unmute: find<HTMLElement>('.player__unmute'),
    adBadge: find<HTMLElement>('.ad-overlay__top'),
  };
  parts.bigPlay.setAttribute('aria-label', STRINGS.play);
  parts.fullscreen.setAttribute('aria-label', STRINGS.fullscreenEnter);
  find<HTMLElement>('[data-testid="settings-button"]').setAttribute('aria-label', STRINGS.settings);
  parts.seek.setAttribute('aria-label', STRINGS.seekSlider);
  let last = '';
  return {
    element,
    update(state) {
      const key = JSON.stringify(state);
      if (key === last) return;
      last = key;
      const playing = state.status === 'playing';
      const ad = state.adPlaying === true;
      element.dataset.status = state.status;
      element.dataset.controls = state.framed && state.controlsShown && !ad ? 'shown' : 'hidden';
      parts.spinner.hidden = !state.waiting || ad;
      // On a phone the bar's middle row has the play button once the bar shows.
      parts.bigPlay.hidden = ad || state.waiting || state.autoplaying === true || state.status !== 'notStarted' || (mobile && state.framed);
      if (state.framed && !chromeElement.isConnected) parts.bigPlay.after(chromeElement);
      chromeElement.hidden = ad;
      parts.adBadge.hidden = !ad;
      parts.toggle.setAttribute('aria-label', playing ? STRINGS.pause : STRINGS.play);
      parts.toggle.innerHTML = svg(playing ? FILLED.pause : FILLED.play, false);
      parts.mute.setAttribute('aria-label', state.muted ? STRINGS.unmute : STRINGS.mute);
      parts.mute.innerHTML = svg(state.muted ? STROKED.muted : STROKED.sound, true);
      const percent = state.duration > 0 ? `${Math.min(100, (state.time / state.duration) * 100)}%` : '0%';
      parts.played.style.width = percent;
      parts.thumb.style.left = percent;
      parts.seek.setAttribute('aria-valuemin', '0');
      parts.seek.setAttribute('aria-valuemax', String(Math.round(state.duration)));
      parts.seek.setAttribute('aria-valuenow', String(Math.round(state.time)));
      parts.current.textContent = formatHms(state.time);
      parts.duration.textContent = formatHms(state.duration);
      parts.unmute.hidden = !state.soundRefused || ad;
    },
  };
}
