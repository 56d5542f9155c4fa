/**
 * Cross-feature wiring: the composition root's model. Features stay unaware of each other;
 * this module connects session (what to play) to playback (how it plays).
 */
import { createStore, sample } from 'effector';
import { $config, appStarted, episodeChosen } from '../features/session';
import { autoplaySet, sourceMissing, sourceRequested } from '../features/playback';

/** The `t` start time applies to the first episode only. */
const $pendingStartTime = createStore<number | null>(null)
  .on(appStarted, (_, config) => config.startTime)
  .reset(sourceRequested);

sample({ clock: appStarted, fn: (config) => config.autoPlay, target: autoplaySet });

sample({
  clock: episodeChosen,
  source: { config: $config, startTime: $pendingStartTime },
  filter: ({ config }, episode) => config !== null && episode.m3u8MasterFilePath !== null,
  fn: ({ config, startTime }, episode) => ({
    url: new URL(episode.m3u8MasterFilePath!, `${config!.baseUrl}/`).href,
    startTime: startTime ?? 0,
  }),
  target: sourceRequested,
});

sample({
  clock: episodeChosen,
  filter: (episode) => episode.m3u8MasterFilePath === null,
  fn: (episode) => `episode ${episode.id} has no m3u8MasterFilePath`,
  target: sourceMissing,
});
