/** Ads' view: the ad overlay (video slot, skip, click-through, volume) and the seek slider's mid-roll marks. */
// The model API is index.ts; this entry is for app/ and other features' views only.
export { AdOverlay } from './view/ad-overlay';
export { MidrollMarks } from './view/midroll-marks';
