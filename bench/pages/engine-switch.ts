/**
 * Memory bench page (bundled by the bench into `<dist>/bench/engine-switch.js`): the player's
 * own hls.js MediaEngine on one <video>, switched from source to source the way the app does
 * it (`engine.load(url)` tears the previous hls.js instance down first). Until the app itself
 * can switch episodes, this is how the bench counts heap growth and leaked media objects.
 */
import { createHlsEngine } from '../../src/engine/hls-engine';

declare global {
  interface Window {
    __benchEngine?: { load(url: string): void; loads: number };
  }
}

const video = document.getElementById('video');
if (!(video instanceof HTMLVideoElement)) throw new Error('#video is missing');

const engine = createHlsEngine(video);
const state = { loads: 0 };
window.__benchEngine = {
  load(url: string) {
    state.loads += 1;
    engine.load(url);
    void engine.play().catch(() => undefined);
  },
  get loads() {
    return state.loads;
  },
};
