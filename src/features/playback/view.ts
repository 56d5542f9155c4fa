/** Playback's view: the player surface (video slot, controls, gestures, shortcuts). */
// The model API is index.ts; this entry is for app/ and other features' views only.
export { PlayerLayout } from './view/player-layout';
