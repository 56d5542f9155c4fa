/**
 * Native fullscreen, by feature detection (never by user agent). The player fills its page, so
 * the page's root element goes fullscreen (controls and captions come along):
 * - the standard Fullscreen API where the document has it (`document.fullscreenEnabled`);
 * - else the `webkit`-prefixed document API where only that exists (Safari before 16.4, iPadOS);
 * - else the <video> element's own fullscreen (`webkitEnterFullscreen`): iPhone Safari, which has
 *   no element fullscreen. Only when the element says it can (`webkitSupportsFullscreen`):
 *   Chromium also has the method, and there it follows the document's answer, so a frame without
 *   allowfullscreen is refused here and the parent-frame mode takes over (features/fullscreen).
 * A document API that exists and answers false (a frame without allowfullscreen) is final for
 * it: the prefixed one is not tried behind the standard one.
 */

interface WebkitDocument {
  webkitFullscreenElement?: Element | null;
  webkitExitFullscreen?: () => void;
  webkitFullscreenEnabled?: boolean;
}
interface WebkitElement {
  webkitRequestFullscreen?: () => void;
}
interface WebkitVideo {
  webkitEnterFullscreen?: () => void;
  webkitExitFullscreen?: () => void;
  webkitDisplayingFullscreen?: boolean;
  webkitSupportsFullscreen?: boolean;
}
interface LockableOrientation {
  lock?: (orientation: string) => Promise<void>;
  unlock?: () => void;
}

export type FullscreenApi = 'standard' | 'webkit' | 'video';

const doc = () => document as Document & WebkitDocument;
const rootElement = () => document.documentElement as HTMLElement & WebkitElement;

function fullscreenElement(): Element | null {
  return doc().fullscreenElement ?? doc().webkitFullscreenElement ?? null;
}

/**
 * Which fullscreen this page can use now: the standard document API, the prefixed one where only
 * that exists, the video's own (iPhone), or none (null: the parent-frame mode, if framed).
 */
export function fullscreenApi(video: HTMLVideoElement): FullscreenApi | null {
  const page = doc();
  const root = rootElement();
  if (typeof page.fullscreenEnabled === 'boolean') {
    if (page.fullscreenEnabled && typeof root.requestFullscreen === 'function') return 'standard';
  } else if (page.webkitFullscreenEnabled === true && typeof root.webkitRequestFullscreen === 'function') {
    return 'webkit';
  }
  const webkitVideo = video as WebkitVideo;
  if (typeof webkitVideo.webkitEnterFullscreen === 'function' && webkitVideo.webkitSupportsFullscreen === true) return 'video';
  return null;
}

/** True while the page (or, on iPhone, the video) is in native fullscreen. */
export function isNativeFullscreen(video: HTMLVideoElement): boolean {
  return fullscreenElement() !== null || Boolean((video as WebkitVideo).webkitDisplayingFullscreen);
}

/**
 * True while the <video> element itself is fullscreen (iPhone Safari, or the browser's own
 * video fullscreen): nothing of the page, such as an ad overlay, shows over it.
 */
export function isVideoElementFullscreen(video: HTMLVideoElement): boolean {
  return fullscreenElement() === video || Boolean((video as WebkitVideo).webkitDisplayingFullscreen);
}

/** Whether native fullscreen can be requested at all (false in a frame without allowfullscreen). */
export function nativeFullscreenSupported(video: HTMLVideoElement): boolean {
  return fullscreenApi(video) !== null;
}

/** Enters native fullscreen; rejects when the browser refuses. Phones also try to turn to landscape. */
export async function enterNativeFullscreen(video: HTMLVideoElement): Promise<void> {
  const api = fullscreenApi(video);
  if (api === 'standard') {
    await rootElement().requestFullscreen({ navigationUI: 'hide' });
    await lockLandscape(video);
    return;
  }
  if (api === 'webkit') {
    // Safari's prefixed request returns nothing; a refusal comes as `webkitfullscreenerror`.
    rootElement().webkitRequestFullscreen!();
    await lockLandscape(video);
    return;
  }
  if (api === 'video') {
    // Throws (InvalidStateError) outside a gesture or before the element has media.
    (video as WebkitVideo).webkitEnterFullscreen!();
    return;
  }
  throw new Error('Fullscreen is not supported here');
}

/** Leaves native fullscreen through the API that holds it. */
export async function exitNativeFullscreen(video: HTMLVideoElement): Promise<void> {
  const orientation = typeof screen === 'undefined' ? undefined : (screen.orientation as ScreenOrientation & LockableOrientation);
  try {
    orientation?.unlock?.();
  } catch {
    // Not locked, or not lockable.
  }
  const page = doc();
  if (page.fullscreenElement && typeof page.exitFullscreen === 'function') {
    await page.exitFullscreen();
    return;
  }
  if (page.webkitFullscreenElement && typeof page.webkitExitFullscreen === 'function') {
    page.webkitExitFullscreen();
    return;
  }
  const webkitVideo = video as WebkitVideo;
  if (webkitVideo.webkitDisplayingFullscreen && typeof webkitVideo.webkitExitFullscreen === 'function') webkitVideo.webkitExitFullscreen();
}

/** A landscape video on a phone reads better sideways; browsers that cannot lock just refuse. */
async function lockLandscape(video: HTMLVideoElement): Promise<void> {
  if (typeof screen === 'undefined' || typeof window === 'undefined' || typeof window.matchMedia !== 'function') return;
  const orientation = screen.orientation as ScreenOrientation & LockableOrientation;
  if (!orientation?.lock || !window.matchMedia('(pointer: coarse)').matches) return;
  if (video.videoWidth > 0 && video.videoWidth < video.videoHeight) return;
  await orientation.lock('landscape').catch(() => undefined);
}

/** Calls `onChange` with the native fullscreen state whenever it changes. */
export function watchNativeFullscreen(video: HTMLVideoElement, onChange: (on: boolean) => void): () => void {
  const report = () => onChange(isNativeFullscreen(video));
  const documentEvents = ['fullscreenchange', 'webkitfullscreenchange'];
  const videoEvents = ['webkitbeginfullscreen', 'webkitendfullscreen'];
  for (const name of documentEvents) document.addEventListener(name, report);
  for (const name of videoEvents) video.addEventListener(name, report);
  return () => {
    for (const name of documentEvents) document.removeEventListener(name, report);
    for (const name of videoEvents) video.removeEventListener(name, report);
  };
}
