/** Fullscreen's view: the fullscreen, picture-in-picture, cast and stretched-close buttons. */
// The model API is index.ts; this entry is for app/ and other features' views only.
export { FullscreenButton, PipButton, CastButton, StretchedCloseButton } from './view/buttons';
