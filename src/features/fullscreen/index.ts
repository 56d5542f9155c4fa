export { createFullscreen } from './model';
export type { FullscreenDeps, FullscreenModel } from './model';
export { createMediaSession, sessionMetadata } from './media-session';
export type { MediaSessionDeps, MediaSessionModel, NowPlaying } from './media-session';
