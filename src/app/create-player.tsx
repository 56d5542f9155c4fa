/**
 * The player put together, in order, when the entry (main.ts) gives the app its turn with the
 * page's start (src/start): error reporting's configuration, the features built by their
 * factories and linked (link-features.ts), one scope, the start facts the models adopt, the
 * engine, what loads after start-up, and the views, given the built features' models.
 */
import { root, type PageStart, type ViewerIntent } from '../start';
import { allSettled, createWatch, fork, type EventCallable, type Scope, type Unit } from 'effector';
import { Provider } from 'effector-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { withoutMediaListeners } from './quiet-root';
import { tapEngineFacts } from '../engine/trace-tap';
import { createAdVideo } from '../engine/ad-video';
import { takeAdElement } from '../platform/vast-prefetch';
import { startDeviceFingerprint } from '../platform/fingerprint';
import { initSentry, startSentryAfter } from '../platform/sentry';
import { AFTER_START_UP_BUFFER_MAX_MS, AFTER_START_UP_BUFFER_S, AFTER_START_UP_FALLBACK_MS, AFTER_START_UP_STALLED_MS } from '../lib/constants';
import { afterStartUp, bufferSafe } from '../platform/after-start-up';
import { exposeToHarness } from '../platform/harness-probe';
import { linkFeatures } from './link-features';
import type { Features } from './create-features';
import { App } from './app';

/** What each intent the viewer gave the page's shell is to the model. */
function intentEvents({ playback, menus, fullscreen }: Features): Record<ViewerIntent, EventCallable<void>> {
  const { muteToggled, seekBackClicked, seekForwardClicked, togglePlayClicked } = playback;
  return {
    toggle: togglePlayClicked,
    mute: muteToggled,
    fullscreen: fullscreen.fullscreenClicked,
    seekBack: seekBackClicked,
    seekForward: seekForwardClicked,
    settings: menus.settingsClicked,
  };
}

/**
 * Once the model listens to the engine and has taken its start (the source it asked for), the
 * shell's intents (queued ones first) are the model's: sooner, a play could start the content
 * before the model knows of its pre-roll.
 */
function takeShellIntents(
  scope: Scope,
  shell: PageStart['shell'],
  events: Record<ViewerIntent, EventCallable<void>>,
  { engineConnected, sourceRequested }: Features['playback'],
): void {
  let waiting = 2;
  const once = (unit: Unit<unknown>) => {
    const watch = createWatch({
      unit,
      scope,
      fn: () => {
        watch.unsubscribe();
        waiting -= 1;
        if (waiting === 0) shell.handOver((intent) => void allSettled(events[intent], { scope }));
      },
    });
  };
  once(engineConnected);
  once(sourceRequested);
}

export function createPlayer({ video, engine, takeEarly, firstFrame: started, shell }: PageStart): void {
  const early = takeEarly();
  // Error reporting is configured first, so a failing start-up call is reported with its response;
  // the SDK itself loads after the first frame, off the start-up path.
  initSentry({ dsn: early.config.sentryDsn, project: early.config.sentryProject });

  // The media stack makes the ad video (when the first break is prepared), over the element the
  // page's start made for a pre-roll.
  const features = linkFeatures({ createAdVideo: () => createAdVideo(takeAdElement() ?? undefined) });
  const scope = fork();
  takeShellIntents(scope, shell, intentEvents(features), features.playback);
  // What loads after the first frame waits until the buffer can spare the link. Only a start known
  // to wait for the viewer's click is given up on early; one that plays (or is not planned yet, on
  // a slow network) is waited for longer.
  const safe = bufferSafe(started, video, { aheadS: AFTER_START_UP_BUFFER_S, maxMs: AFTER_START_UP_BUFFER_MAX_MS });
  const fallbackMs = early.plan?.play === 'click' ? AFTER_START_UP_FALLBACK_MS : AFTER_START_UP_STALLED_MS;
  startSentryAfter(safe, fallbackMs);

  // The model adopts what the page's start decided and did, in one value (start/snapshot.ts): the
  // start plan, the source it loaded, the autoplay's outcome, the start-up answers and the
  // configuration; then the engine, connecting to the source loaded early.
  void allSettled(features.session.startAdopted, { scope, params: early });
  void allSettled(features.session.appStarted, { scope, params: early.config });
  void engine.then(
    (created) => allSettled(features.playback.engineAttached, { scope, params: exposeToHarness(tapEngineFacts(created)) }),
    (error: unknown) => allSettled(features.analytics.libraryLoadFailed, { scope, params: error instanceof Error ? error.message : String(error) }),
  );
  // The device fingerprint is computed after the first frame; until then calls send it empty.
  void startDeviceFingerprint({ whenIdle: (task) => afterStartUp(safe, fallbackMs, task) });

  createRoot(withoutMediaListeners(root)).render(
    <StrictMode>
      <Provider value={scope}>
        <App features={features} />
      </Provider>
    </StrictMode>,
  );
}
