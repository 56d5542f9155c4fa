/**
 * Embed's links: the parent frame's side of the page. The player.js receiver starts with the
 * page, answering the embedding origin that `data-allowed-origins` allows; the parent hears
 * episodeChanged for every episode that becomes current (the spec's messages, SPEC.md); and the
 * end of an episode advances the series unless the embedder asked for a loop (player.js setLoop,
 * methods.ts replays the episode then), and so does the end of the credits' countdown on the
 * end-of-episode card (series/finish-window.ts). Auto-advance is here, not in series' links,
 * because the loop is embed's behaviour; so are the embedder's requests to series and share.
 */
import { sample } from 'effector';
import { postToParentFx } from '../../platform/parent-bridge';
import type { Features } from '../create-features';

/** Links embed to the features it hears; the player calls it once (app/link-features.ts). */
export function linkEmbed(features: Features): void {
  const { mediaEnded } = features.playback;
  const { appStarted, episodeChosen } = features.session;
  const { creditsCountdownEnded, episodeEnded } = features.series;
  const { embedStarted, $loopEnabled } = features.embed;
  sample({ clock: appStarted, fn: (config) => ({ src: config.pageUrl, allowedOrigins: config.allowedOrigins }), target: embedStarted });

  // The parent learns of every episode that becomes current, the first one included.
  sample({ clock: episodeChosen, fn: (episode) => ({ event: 'episodeChanged' as const, payload: { episode } }), target: postToParentFx });

  // Auto-advance: the end of an episode, or of the credits' countdown, selects the next one (it
  // plays from 0), unless looping.
  sample({ clock: [mediaEnded, creditsCountdownEnded], source: $loopEnabled, filter: (loop) => !loop, fn: () => undefined, target: episodeEnded });

  linkEmbedderRequests(features);
}

/**
 * The embedder's setEpisode and nextEpisode (methods.ts) are the viewer's own choices of an
 * episode; its setPageUrl is the address share's links take.
 */
export function linkEmbedderRequests({ embed, series, share }: Pick<Features, 'embed' | 'series' | 'share'>): void {
  sample({ clock: embed.episodeRequested, target: series.episodeSelected });
  sample({ clock: embed.nextEpisodeRequested, target: series.nextEpisodeClicked });
  sample({ clock: embed.pageAddressSet, target: share.pageAddressReported });
}

