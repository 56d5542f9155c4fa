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

  it('subscribes nothing when no recorder is listening', () => {
    const engine = createScriptedEngine();
    tapEngineFacts(engine, {});
    expect(engine.listenerCount).toBe(0);
  });
});
