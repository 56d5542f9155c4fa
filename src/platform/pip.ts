/**
 * Picture-in-picture, by feature detection (never by user agent):
 * - the standard API (`document.pictureInPictureEnabled`, `video.requestPictureInPicture`):
 *   Chromium, Safari 13.1+ and iOS 14+;
 * - else Safari's presentation-mode API (`webkitSupportsPresentationMode('picture-in-picture')`,
 *   `webkitSetPresentationMode`): older Safari. Its methods exist on WebKit builds without a PiP
 *   window too (WebKitGTK), so only the element's own answer counts, never the method's presence.
 *   WebKit answers it only once the element has a media player (a source), so it is read again
 *   when the source is ready (fullscreen/devices.ts);
 * - else none (Firefox, whose PiP is its own toggle with no page API): the button is hidden.
 */

interface WebkitPresentation {
  webkitSupportsPresentationMode?: (mode: string) => boolean;
  webkitSetPresentationMode?: (mode: string) => void;
  webkitPresentationMode?: string;
}

interface PipDocument {
  pictureInPictureEnabled?: boolean;
  pictureInPictureElement?: Element | null;
  exitPictureInPicture?: () => Promise<void>;
}

export type PipApi = 'standard' | 'webkit';

const webkit = (video: HTMLVideoElement) => video as HTMLVideoElement & WebkitPresentation;
const pipDocument = (): PipDocument | null => (typeof document === 'undefined' ? null : (document as PipDocument));

function standardUsable(video: HTMLVideoElement): boolean {
  return pipDocument()?.pictureInPictureEnabled === true && typeof video.requestPictureInPicture === 'function';
}

function webkitUsable(video: HTMLVideoElement): boolean {
  const element = webkit(video);
  if (typeof element.webkitSupportsPresentationMode !== 'function' || typeof element.webkitSetPresentationMode !== 'function') return false;
  try {
    return element.webkitSupportsPresentationMode('picture-in-picture') === true;
  } catch {
    return false;
  }
}

/** Which API picture-in-picture goes through on this element now; null where there is none (or it is disabled). */
export function pipApi(video: HTMLVideoElement): PipApi | null {
  if (video.disablePictureInPicture === true) return null;
  if (standardUsable(video)) return 'standard';
  if (webkitUsable(video)) return 'webkit';
  return null;
}

export function pipSupported(video: HTMLVideoElement): boolean {
  return pipApi(video) !== null;
}

export function isPip(video: HTMLVideoElement): boolean {
  return pipDocument()?.pictureInPictureElement === video || webkit(video).webkitPresentationMode === 'picture-in-picture';
}

/** Enters picture-in-picture; rejects when the browser refuses (e.g. no metadata yet) or has no PiP. */
export async function enterPip(video: HTMLVideoElement): Promise<void> {
  const api = pipApi(video);
  if (api === 'standard') {
    await video.requestPictureInPicture();
    return;
  }
  if (api === 'webkit') {
    webkit(video).webkitSetPresentationMode!('picture-in-picture');
    return;
  }
  throw new Error('Picture-in-picture is not supported here');
}

/** Leaves picture-in-picture through the API that holds it; nothing when the video is not in it. */
export async function exitPip(video: HTMLVideoElement): Promise<void> {
  const doc = pipDocument();
  if (doc?.pictureInPictureElement && typeof doc.exitPictureInPicture === 'function') {
    await doc.exitPictureInPicture();
    return;
  }
  const element = webkit(video);
  if (element.webkitPresentationMode === 'picture-in-picture' && typeof element.webkitSetPresentationMode === 'function') {
    element.webkitSetPresentationMode('inline');
  }
}

/** Calls `onChange` with the picture-in-picture state whenever it changes. */
export function watchPip(video: HTMLVideoElement, onChange: (on: boolean) => void): () => void {
  const report = () => onChange(isPip(video));
  const events = ['enterpictureinpicture', 'leavepictureinpicture', 'webkitpresentationmodechanged'];
  for (const name of events) video.addEventListener(name, report);
  return () => {
    for (const name of events) video.removeEventListener(name, report);
  };
}
