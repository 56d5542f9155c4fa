/**
 * Seek previews' model: the track named by the engine, fetched only at the first hover or drag,
 * parsed, and dropped with its stream. The fetch is swapped in the scope; the engine is scripted.
 */
import { allSettled, fork, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScriptedEngine } from '../../engine/scripted-engine';
import { fetchThumbnailTrackFx, type FetchedTrack } from '../../platform/thumbnail-track';
import { settle } from '../../test-support/settle';
import { linked } from '../../test-support/linked';
import { linkedFeatures } from '../../test-support/linked-features';

// The features, built and linked as the player makes them.
const features = linkedFeatures();
const { $previewAvailable, $thumbnailCues, $thumbnailTrackUrl, previewWanted } = features.previews;
const { engineAttached, sourceRequested } = features.playback;

const TRACK = 'https://cdn.test/film/thumbnails.vtt';
const OTHER = 'https://cdn.test/s1e2/thumbnails.vtt';
const TEXT = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nsprite-0.jpg#xywh=0,0,160,90\n';
const CUE = { start: 0, end: 2, url: 'https://cdn.test/film/sprite-0.jpg', x: 0, y: 0, w: 160, h: 90 };

// Fake time: playback's controls start a 1 s idle timer that would hold every settle for a second.
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** A player with the scripted engine; `answer` stands in for the network, per track address. */
async function player(answer: (url: string) => Promise<FetchedTrack> = async (url) => ({ text: TEXT, url })) {
  const fetched: string[] = [];
  const scope = fork({ handlers: [[fetchThumbnailTrackFx, (url: string) => (fetched.push(url), answer(url))]] });
  const engine = createScriptedEngine();
  await settle(engineAttached, { scope, params: engine });
  await settle(sourceRequested, { scope, params: { url: 'https://cdn.test/film/master.m3u8', startTime: 0 } });
  return { scope, engine, fetched };
}

const hover = (scope: Scope) => settle(previewWanted, { scope });

describe('seek previews', () => {
  it('the engine names the track; nothing is fetched until the first hover, and only once', async () => {
    const { scope, engine, fetched } = await player();
    expect(scope.getState($previewAvailable)).toBe(false);
    engine.emit('thumbnailTrackFound', { url: TRACK });
    expect(scope.getState($thumbnailTrackUrl)).toBe(TRACK);
    expect(scope.getState($previewAvailable)).toBe(true);
    expect(fetched).toEqual([]);

    await hover(scope);
    expect(fetched).toEqual([TRACK]);
    expect(scope.getState($thumbnailCues)).toEqual([CUE]);
    await hover(scope);
    await hover(scope);
    expect(fetched).toEqual([TRACK]);
  });

  it('images resolve against the address the text came from (after a redirect)', async () => {
    const { scope, engine } = await player(async () => ({ text: TEXT, url: 'https://edge.test/x/thumbnails.vtt' }));
    engine.emit('thumbnailTrackFound', { url: TRACK });
    await hover(scope);
    expect(scope.getState($thumbnailCues)).toEqual([{ ...CUE, url: 'https://edge.test/x/sprite-0.jpg' }]);
  });

  it('a stream without a track offers no preview, and a hover fetches nothing', async () => {
    const { scope, fetched } = await player();
    await hover(scope);
    expect(scope.getState($previewAvailable)).toBe(false);
    expect(fetched).toEqual([]);
  });

  it.each([
    { name: 'a failed fetch (404, over 1 MB, time-out)', answer: async () => Promise.reject(new Error('HTTP 404')) },
    { name: 'a body that is not WebVTT', answer: async (url: string) => ({ text: '<!doctype html>', url }) },
    { name: 'a hostile track (javascript: images, bad times)', answer: async (url: string) => ({ text: 'WEBVTT\n\n00:00:00 --> x\njavascript:alert(1)\n', url }) },
  ])('$name leaves no cue, and is not asked for again at every hover', async ({ answer }) => {
    const { scope, engine, fetched } = await player(answer);
    engine.emit('thumbnailTrackFound', { url: TRACK });
    await hover(scope);
    await hover(scope);
    expect(scope.getState($thumbnailCues)).toEqual([]);
    expect(fetched).toEqual([TRACK]);
  });

  it('another episode drops the track and its cues; its own track is fetched at its first hover', async () => {
    const { scope, engine, fetched } = await player();
    engine.emit('thumbnailTrackFound', { url: TRACK });
    await hover(scope);
    await settle(sourceRequested, { scope, params: { url: 'https://cdn.test/s1e2/master.m3u8', startTime: 0 } });
    expect(scope.getState($thumbnailTrackUrl)).toBeNull();
    expect(scope.getState($thumbnailCues)).toEqual([]);
    engine.emit('thumbnailTrackFound', { url: OTHER });
    expect(fetched).toEqual([TRACK]);
    await hover(scope);
    expect(fetched).toEqual([TRACK, OTHER]);
    expect(scope.getState($thumbnailCues)).toEqual([{ ...CUE, url: 'https://cdn.test/s1e2/sprite-0.jpg' }]);
  });

  it('an answer that comes after the episode changed is dropped', async () => {
    let release: () => void = () => undefined;
    const { scope, engine } = await player((url) => new Promise((resolve) => (release = () => resolve({ text: TEXT, url }))));
    engine.emit('thumbnailTrackFound', { url: TRACK });
    // allSettled waits for every effect of the scope, the held fetch too: both are launched, then it answers.
    const wanted = allSettled(previewWanted, { scope });
    const changed = allSettled(sourceRequested, { scope, params: { url: 'https://cdn.test/s1e2/master.m3u8', startTime: 0 } });
    expect(scope.getState($thumbnailTrackUrl)).toBeNull();
    release();
    await vi.runAllTimersAsync();
    await Promise.all([wanted, changed]);
    expect(scope.getState($thumbnailCues)).toEqual([]);
  });
});
