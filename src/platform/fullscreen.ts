/**
 * Native fullscreen over the Fullscreen API. The player fills its page, so the page's root
 * element goes fullscreen (controls and captions come along). iPhone Safari has no element
 * fullscreen: there the <video> element's own fullscreen is used.
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

const doc = () => document as Document & WebkitDocument;

function fullscreenElement(): Element | null {
  return doc().fullscreenElement ?? doc().webkitFullscreenElement ?? null;
}

function elementFullscreenEnabled(): boolean {
  return Boolean(doc().fullscreenEnabled || doc().webkitFullscreenEnabled);
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
  return elementFullscreenEnabled() || Boolean((video as WebkitVideo).webkitSupportsFullscreen);
}

/** Enters native fullscreen; rejects when the browser refuses. Phones also try to turn to landscape. */
export async function enterNativeFullscreen(video: HTMLVideoElement): Promise<void> {
  const root = document.documentElement as HTMLElement & WebkitElement;
  if (elementFullscreenEnabled()) {
    if (root.requestFullscreen) await root.requestFullscreen({ navigationUI: 'hide' });
    else root.webkitRequestFullscreen?.();
    await lockLandscape(video);
    return;
  }
  const webkitVideo = video as WebkitVideo;
  if (webkitVideo.webkitEnterFullscreen) {
    webkitVideo.webkitEnterFullscreen();
    return;
  }
  throw new Error('Fullscreen is not supported here');
}

export async function exitNativeFullscreen(video: HTMLVideoElement): Promise<void> {
  const orientation = screen.orientation as ScreenOrientation & LockableOrientation;
  try {
    orientation?.unlock?.();
  } catch {
    // Not locked, or not lockable.
  }
  if (fullscreenElement()) {
    if (document.exitFullscreen) await document.exitFullscreen();
    else doc().webkitExitFullscreen?.();
    return;
  }
  (video as WebkitVideo).webkitExitFullscreen?.();
}

/** A landscape video on a phone reads better sideways; browsers that cannot lock just refuse. */
async function lockLandscape(video: HTMLVideoElement): Promise<void> {
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
