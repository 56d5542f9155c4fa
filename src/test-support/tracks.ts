/** Tracks built on playback's units as the player builds it; a test calls it inside linked(). */
export { tracksOnPlayback as createPlaybackTracks } from '../app/playback-features';
