/** The ads model's ad video as an effect: made when the first ad break is prepared, from the page's start's element when it made one. */
import { createEffect } from 'effector';
import { createAdVideo } from '../engine/ad-video';
import { takeAdElement } from './vast-prefetch';

export type { AdVideo, AdVideoFacts } from '../engine/ad-video';

export const createAdVideoFx = createEffect(() => createAdVideo(takeAdElement() ?? undefined));
