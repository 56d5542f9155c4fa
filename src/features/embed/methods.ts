/**
 * player.js methods onto the player: each request becomes the same intent the viewer's own
 * control fires, so the rules behind it (the pre-roll hold, volume persistence, seek clamping,
 * episode start positions) hold for the embedder too. Getters answer from the model's stores.
 *
 * Loop: with setLoop(true), an ended episode seeks to 0 and plays again, and auto-advance to
 * the next episode does not happen (the app's series wiring reads $loopEnabled). `ended` is not
 * sent then, as an HTML5 <video loop> fires none; the restart shows as seeked and play. The
 * setting outlives an episode change (the viewer's choice of another episode loops that one).
 */
import { combine, createStore, sample, type Store } from 'effector';
import { AdStatus } from '../ads';
import { AD_HANDSHAKE_VERSION } from '../../lib/constants';
import type { EmbedDeps, Receiver } from './model';
import { answeredPercent, isGetter, onOrigin, outgoing, type EmbedRequest, type GetterMethod, type ListenerId } from './protocol';

type RequestOf<M extends EmbedRequest['method']> = Extract<EmbedRequest, { method: M }>;
/** The requests: play and pause, sound, the ad's, position and episodes, the page's address, the loop. */
export function createMethods(deps: EmbedDeps, receiver: Receiver) {
  const { setMutedFx, volumeSet, $sliderVolume, playClicked, pauseClicked, playRequested, seekRequested, mediaEnded, $episodes, $currentEpisode } = deps;
  const { adPlayRequested, adPauseRequested, adMutedRequested, adVolumeRequested, skipRequested, stopRequested } = deps;
  const { requestAccepted, $adBreakRunning, $targetOrigin, $loopEnabled, nextEpisodeRequested, episodeRequested, pageAddressSet } = receiver;
  const asked = (method: EmbedRequest['method']) => requestAccepted.filter({ fn: (request) => request.method === method });
  const requested = <M extends 'setVolume' | 'setCurrentTime' | 'setLoop' | 'setEpisode' | 'setPageUrl'>(method: M) =>
    requestAccepted.filterMap((request) => (request.method === method ? (request as RequestOf<M>) : undefined));

  const $contentShown = $adBreakRunning.map((running) => !running);
  const none = () => undefined;

  // play and pause: the ad's while a break runs, else the content's (a due pre-roll starts first).
  const playAsked = asked('play');
  const pauseAsked = asked('pause');
  sample({ clock: playAsked, filter: $adBreakRunning, fn: none, target: adPlayRequested });
  sample({ clock: playAsked, filter: $contentShown, fn: none, target: playClicked });
  sample({ clock: pauseAsked, filter: $adBreakRunning, fn: none, target: adPauseRequested });
  sample({ clock: pauseAsked, filter: $contentShown, fn: none, target: pauseClicked });

  // Sound: the content's volume and mute (saved like the viewer's own), and the ad's while it plays.
  const muteAsked = asked('mute');
  const unmuteAsked = asked('unmute');
  sample({ clock: muteAsked, fn: () => true, target: setMutedFx });
  sample({ clock: unmuteAsked, fn: () => false, target: setMutedFx });
  sample({ clock: muteAsked, filter: $adBreakRunning, fn: () => true, target: adMutedRequested });
  sample({ clock: unmuteAsked, filter: $adBreakRunning, fn: () => false, target: adMutedRequested });
  const volumeAsked = requested('setVolume');
  // volumeSet is the slider's intent: it unmutes a muted player, as moving the slider does.
  sample({ clock: volumeAsked, fn: ({ volume }) => volume, target: volumeSet });
  /** The last setVolume, read back as asked while the volume stays where it put it (answeredPercent). */
  const $askedPercent = createStore<{ percent: number; volume: number } | null>(null).on(volumeAsked, (_, { percent, volume }) => ({ percent, volume }));
  const $embedVolume = combine($sliderVolume, $askedPercent, answeredPercent);
  sample({ clock: volumeAsked, filter: $adBreakRunning, fn: ({ volume }) => volume, target: adVolumeRequested });
  sample({ clock: volumeAsked, filter: $adBreakRunning, fn: () => false, target: adMutedRequested });

  // The ad interface (SPEC.md §9, §4): skip only where the ad allows it (the ads model checks), stop at any time.
  sample({ clock: asked('skipAd'), filter: $adBreakRunning, fn: none, target: skipRequested });
  sample({ clock: asked('stopAd'), filter: $adBreakRunning, fn: none, target: stopRequested });

  // Position and episodes belong to the content: not while an ad has the screen.
  sample({ clock: requested('setCurrentTime'), filter: $contentShown, fn: ({ seconds }) => seconds, target: seekRequested });
  sample({ clock: asked('nextEpisode'), filter: $contentShown, fn: none, target: nextEpisodeRequested });
  sample({
    clock: requested('setEpisode'),
    source: { episodes: $episodes, current: $currentEpisode, shown: $contentShown },
    filter: ({ episodes, current, shown }, { episodeId }) => shown && current?.id !== episodeId && episodes.some((episode) => episode.id === episodeId),
    fn: ({ episodes }, { episodeId }) => episodes.find((episode) => episode.id === episodeId)!,
    target: episodeRequested,
  });

  // The page's own address, for share links; another origin's address is never taken.
  sample({
    clock: requested('setPageUrl'),
    source: $targetOrigin,
    filter: (origin, { url }) => onOrigin(url, origin),
    fn: (_, { url }) => url,
    target: pageAddressSet,
  });

  $loopEnabled.on(requested('setLoop'), (_, { loop }) => loop);
  sample({ clock: mediaEnded, filter: $loopEnabled, fn: () => 0, target: seekRequested });
  sample({ clock: mediaEnded, filter: $loopEnabled, fn: none, target: playRequested });

  const { $embedPaused } = answerGetters(deps, receiver, $embedVolume);
  return { $embedPaused };
}

/** The getters: each answers from one store. */
function answerGetters({ $adStatus, $isPlaying, $muted, $duration, $currentEpisode, $adUnitDuration, $adUnitRemainingTime }: EmbedDeps, receiver: Receiver, $embedVolume: Store<number>) {
  const { requestAccepted, messagesDue, $adBreakRunning, $playhead, $loopEnabled } = receiver;
  /** Paused: the ad's state while a break runs, else the content's (not playing, not buffering). */
  const $embedPaused = combine($adBreakRunning, $adStatus, $isPlaying, (adRunning, adStatus, playing) =>
    adRunning ? adStatus !== AdStatus.Started && adStatus !== AdStatus.Playing : !playing,
  );

  const getterAsked = requestAccepted.filterMap((request) =>
    isGetter(request.method) ? (request as { method: GetterMethod; listener: ListenerId }) : undefined,
  );
  /** Each getter reads one store (a combined source would be recomputed on every time report). */
  const GETTERS: Record<GetterMethod, { store: Store<unknown>; read?: (value: never) => unknown }> = {
    getPaused: { store: $embedPaused },
    getMuted: { store: $muted },
    getVolume: { store: $embedVolume },
    getDuration: { store: $duration },
    getCurrentTime: { store: $playhead },
    getLoop: { store: $loopEnabled },
    getEpisode: { store: $currentEpisode },
    handshakeVersion: { store: createStore(AD_HANDSHAKE_VERSION) },
    getAdDuration: { store: $adUnitDuration },
    getAdRemainingTime: { store: $adUnitRemainingTime },
  };
  for (const [method, { store, read }] of Object.entries(GETTERS) as Array<[GetterMethod, (typeof GETTERS)[GetterMethod]]>) {
    sample({
      clock: getterAsked.filter({ fn: (request) => request.method === method }),
      source: store,
      // The answer: the method's name as the event, the value, the client's listener echoed.
      fn: (value, { listener }) => [outgoing(method, read ? read(value as never) : value, listener)],
      target: messagesDue,
    });
  }
  return { $embedPaused };
}
