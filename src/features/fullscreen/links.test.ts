import { allSettled, createWatch, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { $pageError } from '../session';
import { castingChanged as adsCastingChanged, nativeFullscreenChanged as adsNativeFullscreenChanged } from '../ads';
import { $mediaElement, castingChanged, mediaElementAttached, videoFullscreenChanged } from './index';

describe('fullscreen wiring', () => {
  it('a page error takes the element off the page, also when the element comes after it', async () => {
    const element = { remove: vi.fn() } as unknown as HTMLVideoElement;
    const scope = fork({ values: [[$mediaElement, element]] });
    await allSettled($pageError, { scope, params: { kind: 'notFound' } });
    expect(element.remove).toHaveBeenCalledTimes(1);

    const later = { remove: vi.fn() } as unknown as HTMLVideoElement;
    const failed = fork();
    await allSettled($pageError, { scope: failed, params: { kind: 'notFound' } });
    await allSettled(mediaElementAttached, { scope: failed, params: later });
    expect(later.remove).toHaveBeenCalledTimes(1);
  });

  it('ads hear the video element alone in fullscreen, and casting', async () => {
    const scope = fork();
    const heard: string[] = [];
    createWatch({ unit: adsNativeFullscreenChanged, scope, fn: (on) => heard.push(`fullscreen ${on}`) });
    createWatch({ unit: adsCastingChanged, scope, fn: (on) => heard.push(`casting ${on}`) });
    await allSettled(videoFullscreenChanged, { scope, params: true });
    await allSettled(castingChanged, { scope, params: true });
    await allSettled(videoFullscreenChanged, { scope, params: false });
    await allSettled(castingChanged, { scope, params: false });
    expect(heard).toEqual(['fullscreen true', 'casting true', 'fullscreen false', 'casting false']);
  });
});
