// First: reads the configuration and sends the start-up calls before the rest is evaluated.
import { config, engineModule, root } from './page-config';
import { allSettled, fork } from 'effector';
import { Provider } from 'effector-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { appStarted } from '../features/session';
import { engineAttached } from '../features/playback';
import { tapEngineFacts } from '../engine/trace-tap';
import { mediaElementAttached } from '../features/fullscreen';
import { startDeviceFingerprint } from '../platform/fingerprint';
import { initSentry, startSentryAfter } from '../platform/sentry';
import { AFTER_START_UP_FALLBACK_MS } from '../lib/constants';
import { afterStartUp, firstFrame } from '../platform/after-start-up';
import { exposeToHarness } from '../platform/harness-probe';
import './model';
import './surface-model';
import './analytics-model';
import { libraryLoadFailed } from '../features/analytics';
import './series-model';
import { App } from './app';
import './player.css';

function createVideoElement(): HTMLVideoElement {
  const video = document.createElement('video');
  video.className = 'player__media';
  video.playsInline = true;
  video.preload = 'auto';
  video.crossOrigin = 'anonymous';
  return video;
}

// Error reporting is configured first, so a failing start-up call is reported with its response;
// the SDK itself loads after the first frame, off the start-up path.
initSentry({ dsn: config.sentryDsn, project: config.sentryProject });

const scope = fork();
const video = createVideoElement();
const started = firstFrame();
startSentryAfter(started, AFTER_START_UP_FALLBACK_MS);

// The model takes the early start-up answers; the engine attaches as soon as its chunk is evaluated.
void allSettled(appStarted, { scope, params: config });
void allSettled(mediaElementAttached, { scope, params: video });
void engineModule.then(
  ({ createHlsEngine }) => allSettled(engineAttached, { scope, params: exposeToHarness(tapEngineFacts(createHlsEngine(video))) }),
  (error: unknown) => allSettled(libraryLoadFailed, { scope, params: error instanceof Error ? error.message : String(error) }),
);
// The device fingerprint is computed after the first frame; until then calls send it empty.
void startDeviceFingerprint({ whenIdle: (task) => afterStartUp(started, AFTER_START_UP_FALLBACK_MS, task) });

createRoot(root).render(
  <StrictMode>
    <Provider value={scope}>
      <App video={video} />
    </Provider>
  </StrictMode>,
);
