import { allSettled, fork } from 'effector';
import { Provider } from 'effector-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { appStarted, parseConfig } from '../features/session';
import { engineAttached } from '../features/playback';
import { tapEngineFacts } from '../engine/trace-tap';
import { mediaElementAttached } from '../features/fullscreen';
import { startDeviceFingerprint } from '../platform/fingerprint';
import { initSentry, startSentryAfter } from '../platform/sentry';
import { SENTRY_START_FALLBACK_MS } from '../lib/constants';
import { exposeToHarness } from '../platform/harness-probe';
import './model';
import './surface-model';
import './analytics-model';
import { libraryLoadFailed } from '../features/analytics';
import './series-model';
import { App } from './app';
import './player.css';

declare global {
  interface Window {
    /** The page's global movie id setting; wins over the movie_id query parameter. */
    MOVIE_ID?: unknown;
  }
}

/** data-* attributes of the embedding iframe; readable only when the parent is same-origin. */
function frameData(): Record<string, string | undefined> {
  try {
    const frame = window.frameElement;
    return frame instanceof HTMLElement ? { ...frame.dataset } : {};
  } catch {
    return {};
  }
}

function createVideoElement(): HTMLVideoElement {
  const video = document.createElement('video');
  video.className = 'player__media';
  video.playsInline = true;
  video.preload = 'auto';
  video.crossOrigin = 'anonymous';
  return video;
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from the player page');

const config = parseConfig({
  search: window.location.search,
  pageUrl: window.location.href,
  globalMovieId: window.MOVIE_ID,
  rootData: { ...root.dataset },
  frameData: frameData(),
});

// Error reporting is configured first, so a failing start-up call is reported with its response;
// the SDK itself loads after the first frame, off the start-up path.
initSentry({ dsn: config.sentryDsn, project: config.sentryProject });

const scope = fork();
const video = createVideoElement();
// The first frame of the content or of a pre-roll (media events do not bubble: caught on the way down).
startSentryAfter(new Promise((resolve) => document.addEventListener('playing', resolve, { capture: true, once: true })), SENTRY_START_FALLBACK_MS);

// Start-up calls and the engine chunk load in parallel, before the first render.
void allSettled(appStarted, { scope, params: config });
void allSettled(mediaElementAttached, { scope, params: video });
void import('../engine/hls-engine').then(
  ({ createHlsEngine }) => allSettled(engineAttached, { scope, params: exposeToHarness(tapEngineFacts(createHlsEngine(video))) }),
  (error: unknown) => allSettled(libraryLoadFailed, { scope, params: error instanceof Error ? error.message : String(error) }),
);
// The device fingerprint is computed when the page is idle; until then calls send it empty.
void startDeviceFingerprint();

createRoot(root).render(
  <StrictMode>
    <Provider value={scope}>
      <App video={video} />
    </Provider>
  </StrictMode>,
);
