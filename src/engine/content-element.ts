/**
 * The content's <video>: created by the page's start before the engine's chunk arrives (so the
 * stream's first segments need not wait for it), handed to the engine, which owns it from then on.
 */
export function createContentElement(): HTMLVideoElement {
  const video = document.createElement('video');
  video.className = 'player__media';
  video.playsInline = true;
  video.preload = 'auto';
  video.crossOrigin = 'anonymous';
  return video;
}
