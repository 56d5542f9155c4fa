/** Picture-in-picture over the standard API, with Safari's presentation-mode API as a fallback. */

interface WebkitPresentation {
  webkitSupportsPresentationMode?: (mode: string) => boolean;
  webkitSetPresentationMode?: (mode: string) => void;
  webkitPresentationMode?: string;
}

const webkit = (video: HTMLVideoElement) => video as HTMLVideoElement & WebkitPresentation;

export function pipSupported(video: HTMLVideoElement): boolean {
  if (typeof document !== 'undefined' && document.pictureInPictureEnabled && !video.disablePictureInPicture) return true;
  return typeof webkit(video).webkitSupportsPresentationMode === 'function' && webkit(video).webkitSupportsPresentationMode!('picture-in-picture');
}

export function isPip(video: HTMLVideoElement): boolean {
  return document.pictureInPictureElement === video || webkit(video).webkitPresentationMode === 'picture-in-picture';
}

/** Enters picture-in-picture; rejects when the browser refuses (e.g. no metadata yet). */
export async function enterPip(video: HTMLVideoElement): Promise<void> {
  if (document.pictureInPictureEnabled && video.requestPictureInPicture) {
    await video.requestPictureInPicture();
    return;
  }
  webkit(video).webkitSetPresentationMode?.('picture-in-picture');
}

export async function exitPip(video: HTMLVideoElement): Promise<void> {
  if (document.pictureInPictureElement) {
    await document.exitPictureInPicture();
    return;
  }
  webkit(video).webkitSetPresentationMode?.('inline');
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
