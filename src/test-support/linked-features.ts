/**
 * Every feature built and linked as the player makes them, for one test file (in a region cleared
 * after it), with no ad video: a test that plays no ad makes none (test-support/ads-scope.ts).
 */
import { linkFeatures } from '../app/link-features';
import type { Features } from '../app/create-features';
import { linked } from './linked';
import { noAdVideo } from './ads-scope';

export const linkedFeatures = (): Features => linked(() => linkFeatures({ createAdVideo: noAdVideo }));
