import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import type { EngineLevel, EngineSubtitleTrack } from '../../engine/types';
import { createScriptedEngine } from '../../engine/scripted-engine';
import { $storage, createMemoryStorage } from '../../platform/storage';
import { linkedFeatures } from '../../test-support/linked-features';

// The features' links, as the player makes them.
const features = linkedFeatures();
const { qualityChosen, rateChosen, subtitleChosen } = features.tracks;
const { $announcement, engineAttached, sourceRequested, subtitlesShortcutUsed } = features.playback;

const level = (index: number, height: number): EngineLevel => ({
  index,
  height,
  bitrate: height * 1000,
  width: Math.round((height * 16) / 9),
  codecs: 'avc1.4d401f,mp4a.40.2',
  details: null,
  pathwayId: '.',
  hdcpLevel: null,
});
const LEVELS = [level(0, 360), level(1, 720)];
const SUBS: EngineSubtitleTrack[] = [
  { id: 0, name: 'Русские', lang: 'ru', isDefault: false },
  { id: 1, name: 'English', lang: 'en', isDefault: false },
];

async function player() {
  const scope = fork({ values: [[$storage, createMemoryStorage()]] });
  const engine = createScriptedEngine();
  await allSettled(engineAttached, { scope, params: engine });
  await allSettled(sourceRequested, { scope, params: { url: 'http://x/film/master.m3u8', startTime: 0 } });
  engine.emit('sourceReady', { levels: LEVELS, audioTracks: [], subtitleTracks: SUBS });
  engine.emit('subtitleTracksUpdated', SUBS);
  await allSettled(scope);
  return { scope, engine };
}
const said = (scope: Awaited<ReturnType<typeof player>>['scope']) => scope.getState($announcement)?.text;

describe('screen reader announcements of track choices', () => {
  it('a quality choice is announced; an automatic (ABR) switch is not', async () => {
    const { scope, engine } = await player();
    await allSettled(qualityChosen, { scope, params: 1 });
    expect(said(scope)).toBe('Качество: 720p');
    await allSettled(qualityChosen, { scope, params: -1 });
    expect(said(scope)).toBe('Качество: автоматически');
    const before = scope.getState($announcement);
    engine.emit('levelSwitched', { level: 0, auto: true });
    await allSettled(scope);
    expect(scope.getState($announcement)).toBe(before);
  });

  it('speed: the rate with a decimal comma, or normal', async () => {
    const { scope } = await player();
    await allSettled(rateChosen, { scope, params: 1.5 });
    expect(said(scope)).toBe('Скорость: 1,5');
    await allSettled(rateChosen, { scope, params: 1 });
    expect(said(scope)).toBe('Скорость: обычная');
  });

  it("subtitles: a menu choice and the 'c' key say the track or off", async () => {
    const { scope } = await player();
    await allSettled(subtitleChosen, { scope, params: 1 });
    expect(said(scope)).toBe('Субтитры: English');
    await allSettled(subtitlesShortcutUsed, { scope });
    expect(said(scope)).toBe('Субтитры выключены');
    await allSettled(subtitlesShortcutUsed, { scope });
    expect(said(scope)).toBe('Субтитры: English');
  });

  it("the next source's restored subtitles are not announced", async () => {
    const { scope, engine } = await player();
    await allSettled(subtitleChosen, { scope, params: 1 });
    const before = scope.getState($announcement);
    await allSettled(sourceRequested, { scope, params: { url: 'http://x/next.m3u8', startTime: 0 } });
    engine.emit('sourceReady', { levels: LEVELS, audioTracks: [], subtitleTracks: SUBS });
    engine.emit('subtitleTracksUpdated', SUBS);
    await allSettled(scope);
    expect(engine.calls.filter((c) => c.command === 'setSubtitleTrack').map((c) => c.args[0])).toEqual([1, 1]);
    expect(scope.getState($announcement)).toBe(before);
  });
});
