import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import type { EngineSubtitleTrack } from '../../engine/types';
import { createScriptedEngine, type ScriptedEngine } from '../../engine/scripted-engine';
import { STORAGE_KEYS } from '../../lib/constants';
import { $storage, createMemoryStorage, type MemoryStorage } from '../../platform/storage';
import { $captionStyle, captionPresetChosen, captionSizeChosen } from './index';
import { linked } from '../../test-support/linked';
import { createPlaybackTracks } from '../../test-support/tracks';
import { readPreferences, savePreferences } from './preferences';
import { createPlayback } from '../playback';

// Playback, built by its factory as the player builds it.
const playback = linked(createPlayback);
const { engineAttached, sourceRequested, subtitlesShortcutUsed } = playback;

const { rateChosen, subtitleChosen } = linked(() => createPlaybackTracks(playback));

const SUBS: EngineSubtitleTrack[] = [
  { id: 0, name: 'Русские', lang: 'ru', isDefault: false },
  { id: 1, name: 'English', lang: 'en', isDefault: false },
];
const stored = (storage: MemoryStorage) => storage.read(STORAGE_KEYS.preferences);
const withPreferences = (value: unknown) => createMemoryStorage({ [STORAGE_KEYS.preferences]: JSON.stringify(value) });

/** A page load: the source requested, then announced with its subtitle tracks. */
async function load(storage: MemoryStorage, engine: ScriptedEngine = createScriptedEngine()) {
  const scope = fork({ values: [[$storage, storage]] });
  await allSettled(engineAttached, { scope, params: engine });
  await nextSource(scope, engine);
  return { scope, engine };
}
async function nextSource(scope: ReturnType<typeof fork>, engine: ScriptedEngine) {
  await allSettled(sourceRequested, { scope, params: { url: 'http://x/film/master.m3u8', startTime: 0 } });
  engine.emit('sourceReady', { levels: [], audioTracks: [], subtitleTracks: SUBS });
  engine.emit('subtitleTracksUpdated', SUBS);
  await allSettled(scope);
}
const commands = (engine: ScriptedEngine, command: string) => engine.calls.filter((c) => c.command === command).map((c) => c.args[0]);

describe('viewer preferences in storage', () => {
  it('reads each field on its own: a corrupt one is ignored, the others kept', () => {
    expect(readPreferences(withPreferences({ rate: 1.5, subtitles: { name: 'English', lang: 'en' } }))).toEqual({ rate: 1.5, subtitles: { name: 'English', lang: 'en' } });
    expect(readPreferences(withPreferences({ rate: 7, subtitles: 'off' }))).toEqual({ subtitles: 'off' });
    expect(readPreferences(withPreferences({ rate: '1.5', subtitles: { name: 42 } }))).toEqual({});
    expect(readPreferences(withPreferences({ rate: 0.75, subtitles: { name: 'x'.repeat(201), lang: 'en' } }))).toEqual({ rate: 0.75 });
    expect(readPreferences(withPreferences([1.5]))).toEqual({});
    expect(readPreferences(createMemoryStorage({ [STORAGE_KEYS.preferences]: '{not json' }))).toEqual({});
    expect(readPreferences(createMemoryStorage())).toEqual({});
  });

  it('a write changes its field only: the others, and fields this version does not know, stay', () => {
    const storage = withPreferences({ rate: 1.25, captionStyle: { size: 'large' } });
    savePreferences(storage, { subtitles: 'off' });
    expect(stored(storage)).toEqual({ rate: 1.25, captionStyle: { size: 'large' }, subtitles: 'off' });
    savePreferences(storage, { rate: 2 });
    expect(stored(storage)).toEqual({ rate: 2, captionStyle: { size: 'large' }, subtitles: 'off' });
  });
});

describe('remembered speed and subtitles', () => {
  it('a chosen speed is remembered; the next load starts at it', async () => {
    const storage = createMemoryStorage();
    const first = await load(storage);
    await allSettled(rateChosen, { scope: first.scope, params: 1.5 });
    expect(stored(storage)).toEqual({ rate: 1.5 });

    const reload = await load(storage);
    expect(commands(reload.engine, 'setPlaybackRate')).toEqual([1.5]);
  });

  it('a corrupt or unknown speed is ignored: the load starts at normal speed', async () => {
    for (const rate of [3, -1, 'fast', null]) {
      const { engine } = await load(withPreferences({ rate }));
      expect(commands(engine, 'setPlaybackRate')).toEqual([]);
    }
  });

  it('chosen subtitles are remembered by name and language, and shown on the next load', async () => {
    const storage = createMemoryStorage();
    const first = await load(storage);
    await allSettled(subtitleChosen, { scope: first.scope, params: 1 });
    expect(stored(storage)).toEqual({ subtitles: { name: 'English', lang: 'en' } });

    const reload = await load(storage);
    expect(commands(reload.engine, 'setSubtitleTrack')).toEqual([1]);
  });

  it("'Выкл.' and the 'c' key are remembered too; subtitles off stay off on the next load", async () => {
    const storage = withPreferences({ rate: 1.25, subtitles: { name: 'Русские', lang: 'ru' } });
    const first = await load(storage);
    expect(commands(first.engine, 'setSubtitleTrack')).toEqual([0]);
    await allSettled(subtitlesShortcutUsed, { scope: first.scope });
    expect(stored(storage)).toEqual({ rate: 1.25, subtitles: 'off' });

    const reload = await load(storage);
    expect(commands(reload.engine, 'setSubtitleTrack')).toEqual([]);
    expect(commands(reload.engine, 'setPlaybackRate')).toEqual([1.25]);
  });

  it('without storage (a blocked third-party frame) the choice still carries over to the next episode', async () => {
    const storage = createMemoryStorage();
    storage.write = () => false;
    const { scope, engine } = await load(storage);
    await allSettled(subtitleChosen, { scope, params: 0 });
    await allSettled(rateChosen, { scope, params: 0.75 });
    await nextSource(scope, engine);
    expect(commands(engine, 'setSubtitleTrack')).toEqual([0, 0]);
    expect(commands(engine, 'setPlaybackRate')).toEqual([0.75, 0.75]);
  });
});

describe('caption style', () => {
  it('starts medium, white on translucent black; a choice applies at once and is remembered beside the rest', async () => {
    const storage = withPreferences({ rate: 1.25 });
    const { scope } = await load(storage);
    expect(scope.getState($captionStyle)).toEqual({ size: 'medium', preset: 'shaded' });
    await allSettled(captionSizeChosen, { scope, params: 'large' });
    await allSettled(captionPresetChosen, { scope, params: 'yellow' });
    expect(scope.getState($captionStyle)).toEqual({ size: 'large', preset: 'yellow' });
    expect(stored(storage)).toEqual({ rate: 1.25, captionStyle: { size: 'large', preset: 'yellow' } });

    const reload = await load(storage);
    expect(reload.scope.getState($captionStyle)).toEqual({ size: 'large', preset: 'yellow' });
  });

  it('a corrupt part is ignored and the valid one kept', async () => {
    expect(readPreferences(withPreferences({ captionStyle: { size: 'huge', preset: 'outline' } }))).toEqual({ captionStyle: { preset: 'outline' } });
    expect(readPreferences(withPreferences({ captionStyle: 'large' }))).toEqual({});
    const { scope } = await load(withPreferences({ captionStyle: { size: 'small', preset: 42 } }));
    expect(scope.getState($captionStyle)).toEqual({ size: 'small', preset: 'shaded' });
  });
});
