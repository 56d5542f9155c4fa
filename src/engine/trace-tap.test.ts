import { describe, expect, it } from 'vitest';
import { createScriptedEngine } from './scripted-engine';
import { tapEngineFacts } from './trace-tap';

describe('tapEngineFacts', () => {
  it("copies the engine's facts to the recorder's sink, in order, with their payloads", () => {
    const seen: Array<[string, unknown]> = [];
    const engine = tapEngineFacts(createScriptedEngine(), { __engineFactSink: (fact: string, payload: unknown) => seen.push([fact, payload]) });
    engine.emit('waiting');
    engine.emit('timeUpdated', { currentTime: 1.5, duration: 30, bufferedAhead: 4 });
    engine.emit('error', { kind: 'network', detail: 'fragLoadError', fatal: false, message: 'fragLoadError' });
    expect(seen).toEqual([
      ['waiting', undefined],
      ['timeUpdated', { currentTime: 1.5, duration: 30, bufferedAhead: 4 }],
      ['error', { kind: 'network', detail: 'fragLoadError', fatal: false, message: 'fragLoadError' }],
    ]);
  });

  it('writes where a source loaded before the tap stands first, as the facts that said it', () => {
    const seen: string[] = [];
    const engine = createScriptedEngine();
    engine.preload('https://cdn.test/film/master.m3u8');
    engine.emit('sourceReady', { levels: [], audioTracks: [], subtitleTracks: [] });
    engine.emit('error', { kind: 'network', detail: 'levelLoadError', fatal: false, message: '404' });
    engine.emit('playing');
    engine.emit('timeUpdated', { currentTime: 1, duration: 30, bufferedAhead: 4 });
    tapEngineFacts(engine, { __engineFactSink: (fact: string) => seen.push(fact) });
    engine.emit('paused');
    expect(seen).toEqual(['sourceReady', 'playing', 'timeUpdated', 'error', 'paused']);
  });

  it('subscribes nothing when no recorder is listening', () => {
    const engine = createScriptedEngine();
    tapEngineFacts(engine, {});
    expect(engine.listenerCount).toBe(0);
  });
});
