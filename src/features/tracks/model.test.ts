import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import type { EngineAudioTrack, EngineLevel, EngineSubtitleTrack } from '../../engine/types';
import { createScriptedEngine, type ScriptedEngine } from '../../engine/scripted-engine';
import { $storage, createMemoryStorage, type MemoryStorage } from '../../platform/storage';
import { arrangeAudioTracks, initialAudioTrack, startAudioTrack, labelLanguage } from './index';
import { linked } from '../../test-support/linked';
import { createPlaybackTracks } from '../../test-support/tracks';
import { createPlayback } from '../playback';

// Playback, built by its factory as the player builds it.
const playback = linked(createPlayback);
const { engineAttached, sourceRequested, subtitlesShortcutUsed } = playback;

const {
  $audioLabel, $audioTracks, $cues, $qualityLabel, $qualityOptions, $rateLabel, $subtitleTrack, audioContentSet, audioLanguagesSet, audioTrackChosen,
  qualityChosen, rateChosen, subtitleChosen,
} = linked(() => createPlaybackTracks(playback));

const track = (id: number, name: string, isDefault = false): EngineAudioTrack => ({ id, name, lang: labelLanguage(name)?.toLowerCase() ?? '', isDefault });
/** The film fixture's audio group, in manifest order. */
const FILM_AUDIO = [track(0, 'Русский (RU)', true), track(1, 'English (EN)'), track(2, 'Русский AC3 (RU)')];
const SUBS: EngineSubtitleTrack[] = [
  { id: 0, name: 'Русские', lang: 'ru', isDefault: false },
  { id: 1, name: 'English', lang: 'en', isDefault: false },
];
const level = (index: number, height: number, bitrate: number): EngineLevel => ({
  index,
  height,
  bitrate,
  width: Math.round((height * 16) / 9),
  codecs: 'avc1.4d401f,mp4a.40.2',
  details: null,
  pathwayId: '.',
  hdcpLevel: null,
});
const LEVELS = [level(0, 240, 156_000), level(1, 360, 265_000), level(2, 720, 482_000)];
const names = (tracks: EngineAudioTrack[]) => tracks.map((t) => t.name);

describe('audio rules', () => {
  it('reads the (XX) language of a label', () => {
    expect(['Русский (RU)', 'English (en) ', 'Без языка', 'Deutsch (DEU)'].map(labelLanguage)).toEqual(['RU', 'EN', null, 'DEU']);
  });

  it('drops AC3 tracks and puts preferred languages first, in their order', () => {
    expect(names(arrangeAudioTracks(FILM_AUDIO, { languages: ['RU', 'EN'], favourite: null }))).toEqual(['Русский (RU)', 'English (EN)']);
    expect(names(arrangeAudioTracks(FILM_AUDIO, { languages: ['EN', 'RU'], favourite: null }))).toEqual(['English (EN)', 'Русский (RU)']);
    expect(names(arrangeAudioTracks(FILM_AUDIO, { languages: [], favourite: null }))).toEqual(['Русский (RU)', 'English (EN)']);
  });

  it('keeps languages not preferred after the preferred ones, in manifest order', () => {
    const tracks = [track(0, 'Deutsch (DE)'), track(1, 'Français (FR)'), track(2, 'English (EN)')];
    expect(names(arrangeAudioTracks(tracks, { languages: ['EN'], favourite: null }))).toEqual(['English (EN)', 'Deutsch (DE)', 'Français (FR)']);
  });

  it('keeps an AC3 track that is preferred: the remembered choice, or the only track of a preferred language', () => {
    expect(names(arrangeAudioTracks(FILM_AUDIO, { languages: ['RU', 'EN'], favourite: 'Русский AC3 (RU)' }))).toEqual([
      'Русский (RU)',
      'Русский AC3 (RU)',
      'English (EN)',
    ]);
    const onlyAc3 = [track(0, 'English (EN)', true), track(1, 'Українська AC3 (UK)')];
    expect(names(arrangeAudioTracks(onlyAc3, { languages: ['UK'], favourite: null }))).toEqual(['Українська AC3 (UK)', 'English (EN)']);
    expect(names(arrangeAudioTracks(onlyAc3, { languages: ['EN'], favourite: null }))).toEqual(['English (EN)']);
  });

  it('never leaves the viewer without sound when every track is AC3', () => {
    const all = [track(0, 'Русский AC3 (RU)', true), track(1, 'English AC-3 (EN)')];
    expect(names(arrangeAudioTracks(all, { languages: [], favourite: null }))).toEqual(['Русский AC3 (RU)', 'English AC-3 (EN)']);
    // With a preferred language, its AC3 track is the one kept.
    expect(names(arrangeAudioTracks(all, { languages: ['EN'], favourite: null }))).toEqual(['English AC-3 (EN)']);
  });

  it('picks the remembered track, else the top preferred language, else keeps the default', () => {
    const offered = arrangeAudioTracks(FILM_AUDIO, { languages: ['RU', 'EN'], favourite: null });
    expect(initialAudioTrack(offered, 0, { languages: ['RU', 'EN'], favourite: 'English (EN)' })).toBe(1);
    expect(initialAudioTrack(offered, 0, { languages: ['RU', 'EN'], favourite: 'Gone (XX)' })).toBeNull();
    expect(initialAudioTrack(offered, 0, { languages: ['RU', 'EN'], favourite: null })).toBeNull();
    const english = arrangeAudioTracks(FILM_AUDIO, { languages: ['EN', 'RU'], favourite: null });
    expect(initialAudioTrack(english, 0, { languages: ['EN', 'RU'], favourite: null })).toBe(1);
    // A default that was dropped (AC3) gives way to the first offered track.
    expect(initialAudioTrack(offered, 2, { languages: [], favourite: null })).toBe(0);
  });

  it('a source starts with the remembered track, else the top preferred language, else the manifest default', () => {
    expect(startAudioTrack(FILM_AUDIO, { languages: ['RU', 'EN'], favourite: 'English (EN)' })).toBe(1);
    expect(startAudioTrack(FILM_AUDIO, { languages: ['EN', 'RU'], favourite: null })).toBe(1);
    expect(startAudioTrack(FILM_AUDIO, { languages: ['RU', 'EN'], favourite: null })).toBe(0);
    expect(startAudioTrack(FILM_AUDIO, { languages: [], favourite: 'Gone (XX)' })).toBe(0);
    // Without a DEFAULT=YES track, the first one is the default.
    expect(startAudioTrack([track(0, 'English (EN)'), track(1, 'Русский (RU)')], { languages: [], favourite: null })).toBe(0);
    expect(startAudioTrack([track(0, 'English (EN)'), track(1, 'Русский (RU)')], { languages: ['RU'], favourite: null })).toBe(1);
  });
});

async function player(storage: MemoryStorage = createMemoryStorage(), languages = ['RU', 'EN']) {
  const scope = fork({ values: [[$storage, storage]] });
  const engine = createScriptedEngine();
  await allSettled(engineAttached, { scope, params: engine });
  await allSettled(audioLanguagesSet, { scope, params: languages });
  await allSettled(audioContentSet, { scope, params: 101 });
  await allSettled(sourceRequested, { scope, params: { url: 'http://x/film/master.m3u8', startTime: 0 } });
  engine.emit('sourceReady', { levels: LEVELS, audioTracks: FILM_AUDIO, subtitleTracks: SUBS });
  engine.emit('audioTracksUpdated', FILM_AUDIO);
  await allSettled(scope);
  return { scope, engine, storage };
}
const audioCommands = (engine: ScriptedEngine) => engine.calls.filter((c) => c.command === 'setAudioTrack').map((c) => c.args[0]);

describe('audio tracks model', () => {
  it('offers the tracks without AC3 and keeps the default when it is preferred', async () => {
    const { scope, engine } = await player();
    expect(names(scope.getState($audioTracks))).toEqual(['Русский (RU)', 'English (EN)']);
    expect(audioCommands(engine)).toEqual([0]);
    expect(scope.getState($audioLabel)).toBe('Русский (RU)');
  });

  it('remembers a chosen track per content in favoriteAudioTracks, keeping other contents', async () => {
    const storage = createMemoryStorage({ favoriteAudioTracks: JSON.stringify({ 555: 'Deutsch (DE)' }) });
    const { scope, engine } = await player(storage);
    await allSettled(audioTrackChosen, { scope, params: 1 });
    expect(audioCommands(engine).at(-1)).toBe(1);
    expect(JSON.parse(storage.raw.get('favoriteAudioTracks')!)).toEqual({ 555: 'Deutsch (DE)', 101: 'English (EN)' });
  });

  it('restores the remembered track on the next load of the content', async () => {
    const storage = createMemoryStorage({ favoriteAudioTracks: JSON.stringify({ 101: 'English (EN)' }) });
    const { scope, engine } = await player(storage);
    expect(audioCommands(engine)).toEqual([1]);
    engine.emit('audioTrackSwitched', { id: 1 });
    expect(scope.getState($audioLabel)).toBe('English (EN)');
  });

  it('a remembered AC3 track is offered and restored', async () => {
    const storage = createMemoryStorage({ favoriteAudioTracks: JSON.stringify({ 101: 'Русский AC3 (RU)' }) });
    const { scope, engine } = await player(storage);
    expect(names(scope.getState($audioTracks))).toContain('Русский AC3 (RU)');
    expect(audioCommands(engine)).toEqual([2]);
  });

  it.each([['{not json'], ['["English (EN)"]'], ['{"101": 7}'], ['"English (EN)"']])('a corrupt favoriteAudioTracks (%s) is ignored', async (raw) => {
    const { engine } = await player(createMemoryStorage({ favoriteAudioTracks: raw }));
    expect(audioCommands(engine)).toEqual([0]);
  });

  it('the page language order picks English when it comes first', async () => {
    const { scope, engine } = await player(createMemoryStorage(), ['EN', 'RU']);
    expect(names(scope.getState($audioTracks))).toEqual(['English (EN)', 'Русский (RU)']);
    expect(audioCommands(engine)).toEqual([1]);
  });

  it('a storage that throws on every call never breaks the choice', async () => {
    const { createWebStorage } = await import('../../platform/storage');
    const throwing = createWebStorage(() => {
      throw new Error('SecurityError');
    });
    const scope = fork({ values: [[$storage, throwing]] });
    const engine = createScriptedEngine();
    await allSettled(engineAttached, { scope, params: engine });
    await allSettled(audioContentSet, { scope, params: 101 });
    engine.emit('audioTracksUpdated', FILM_AUDIO);
    await allSettled(scope);
    await allSettled(audioTrackChosen, { scope, params: 1 });
    expect(audioCommands(engine)).toEqual([0, 1]);
  });
});

describe('quality and speed', () => {
  it("lists heights high to low and labels Auto with the height playing: 'Auto (720p)'", async () => {
    const { scope, engine } = await player();
    expect(scope.getState($qualityOptions).map((o) => o.label)).toEqual(['720p', '360p', '240p']);
    expect(scope.getState($qualityLabel)).toBe('Auto');
    engine.emit('levelSwitched', { level: 2, auto: true });
    expect(scope.getState($qualityLabel)).toBe('Auto (720p)');
    await allSettled(qualityChosen, { scope, params: 0 });
    expect(engine.calls.filter((c) => c.command === 'setLevel').map((c) => c.args[0])).toEqual([0]);
    expect(scope.getState($qualityLabel)).toBe('240p');
    await allSettled(qualityChosen, { scope, params: -1 });
    engine.emit('levelSwitched', { level: 1, auto: true });
    expect(scope.getState($qualityLabel)).toBe('Auto (360p)');
  });

  it('a chosen height carries over to the next source', async () => {
    const { scope, engine } = await player();
    await allSettled(qualityChosen, { scope, params: 1 });
    await allSettled(sourceRequested, { scope, params: { url: 'http://x/next.m3u8', startTime: 0 } });
    const next = [level(0, 360, 200_000), level(1, 1080, 900_000)];
    engine.emit('sourceReady', { levels: next, audioTracks: [], subtitleTracks: [] });
    await allSettled(scope);
    expect(engine.calls.filter((c) => c.command === 'setLevel').map((c) => c.args[0])).toEqual([1, 0]);
  });

  it("speed reads 'Обычная' at 1x and follows the media's rate", async () => {
    const { scope, engine } = await player();
    expect(scope.getState($rateLabel)).toBe('Обычная');
    await allSettled(rateChosen, { scope, params: 1.5 });
    expect(engine.calls.filter((c) => c.command === 'setPlaybackRate').map((c) => c.args[0])).toEqual([1.5]);
    expect(scope.getState($rateLabel)).toBe('Обычная');
    engine.emit('rateChanged', { rate: 1.5 });
    expect(scope.getState($rateLabel)).toBe('1.5');
  });
});

describe('subtitles', () => {
  it("shows the active cues of the chosen track; 'Выкл.' clears them", async () => {
    const { scope, engine } = await player();
    await allSettled(subtitleChosen, { scope, params: 0 });
    engine.emit('cuesChanged', { texts: ['Субтитры RU 0:00:02'] });
    expect(scope.getState($cues)).toEqual(['Субтитры RU 0:00:02']);
    await allSettled(subtitleChosen, { scope, params: -1 });
    expect(scope.getState($cues)).toEqual([]);
    expect(scope.getState($subtitleTrack)).toBe(-1);
  });

  it("'c' turns on the last track, or the preferred language, and off again", async () => {
    const { scope, engine } = await player(createMemoryStorage(), ['EN', 'RU']);
    await allSettled(subtitlesShortcutUsed, { scope });
    await allSettled(subtitlesShortcutUsed, { scope });
    await allSettled(subtitleChosen, { scope, params: 0 });
    await allSettled(subtitlesShortcutUsed, { scope });
    await allSettled(subtitlesShortcutUsed, { scope });
    expect(engine.calls.filter((c) => c.command === 'setSubtitleTrack').map((c) => c.args[0])).toEqual([1, -1, 0, -1, 0]);
  });

  it('subtitles left on come back on the next source', async () => {
    const { scope, engine } = await player();
    await allSettled(subtitleChosen, { scope, params: 1 });
    await allSettled(sourceRequested, { scope, params: { url: 'http://x/next.m3u8', startTime: 0 } });
    engine.emit('sourceReady', { levels: LEVELS, audioTracks: [], subtitleTracks: SUBS });
    engine.emit('subtitleTracksUpdated', SUBS);
    await allSettled(scope);
    expect(engine.calls.filter((c) => c.command === 'setSubtitleTrack').map((c) => c.args[0])).toEqual([1, 1]);
  });
});
