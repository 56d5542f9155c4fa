/**
 * The page's start as the app takes it, once (issue 47): one value instead of facts read piece by
 * piece. Types only: the features may `import type` it; it holds no element, so the models stay
 * free of the DOM (the engine, which holds the element, is attached on its own). The viewer's
 * queued intents come apart, from the shell, once the model listens (create-player.tsx).
 */
import type { EarlyAnswers } from '../api/early';
import type { StartPlan } from '../features/progress/start';
import type { PlayerConfig } from '../features/session/config';
import type { EarlyAutoplay } from '../lib/autoplay';

/** The start episode's source, loaded by the page where the model starts that episode (progress/start.ts `decideStart`). */
export interface PageSource {
  episodeId: number;
  url: string;
  startTime: number;
}

export interface StartSnapshot {
  config: PlayerConfig;
  /** The start-up answers the page asked for, for the API clients to take. */
  answers: EarlyAnswers;
  /** The start episode the page settled on, when its answers got that far. */
  episodeId: number | null;
  /** How that episode starts, when the page got as far as planning it (the ad list answered). */
  plan: StartPlan | null;
  /** The source the page loaded into the engine; the engine's `source()` says where it stands. */
  source: PageSource | null;
  /** The browser's refusal of sound and the autoplay's outcome, when the page played. */
  autoplay: EarlyAutoplay;
}
