/**
 * The ad's <video>, as the ad overlay shows it, beside the content's (content-element.ts): made by
 * the page's start for a pre-roll (start/early-ad.ts), or by the ad video (ad-video.ts). On its own
 * so the page's start does not load the ad video's code.
 */
export function createAdElement(): HTMLVideoElement {
  const element = document.createElement('video');
  element.className = 'ad-overlay__media';
  element.playsInline = true;
  element.preload = 'auto';
  element.disablePictureInPicture = true;
  element.setAttribute('disableremoteplayback', '');
  element.controls = false;
  return element;
}
