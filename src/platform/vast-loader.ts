/** The ads model's VAST load as an effect (vast-load.ts does the work). */
import { createEffect } from 'effector';
import type { ParsedAd } from '../vast';
import { loadVast, type VastLoadRequest } from './vast-load';

export { fetchVastText, type VastLoadRequest } from './vast-load';

export const loadVastFx = createEffect<VastLoadRequest, ParsedAd>(loadVast);
