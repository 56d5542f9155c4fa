import { parseConfig } from '../features/session/config';
import type { StartSnapshot } from '../start/snapshot';

/** The page's start as the app adopts it (start/snapshot.ts): a plain film page that did nothing before the app, unless given. */
export function startSnapshot(given: Partial<StartSnapshot> = {}): StartSnapshot {
  return {
    config: parseConfig({ search: '?movie_id=101', pageUrl: 'http://player.test/?movie_id=101', rootData: { baseUrl: 'http://player.test' } }),
    answers: { send: () => undefined, take: () => null, peek: () => null },
    episodeId: null,
    plan: null,
    source: null,
    autoplay: { soundRefused: false, autoplay: null },
    ...given,
  };
}
