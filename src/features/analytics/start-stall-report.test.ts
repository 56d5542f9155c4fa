import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScriptedEngine } from '../../engine/scripted-engine';
import { engineAttached, playClicked, sourceRequested } from '../playback';
import { START_STALL_LIMIT_MS } from '../../lib/constants';
import type { ErrorReport } from '../../platform/sentry';
import { sendStatFx, type StatEvent } from '../../platform/stats';
import './index';
import { reportStreamErrorFx } from './connect';
import { connectFeatures } from '../../app/connect-features';

// The features' links, as the player makes them.
connectFeatures();

describe('the start watchdog reports through the stream-error path', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a stalled start sends the error stat and one error report, like a fatal engine error', async () => {
    const sent: StatEvent[] = [];
    const reported = vi.fn(async (_report: ErrorReport) => 'event-id');
    const scope = fork({
      handlers: [
        [sendStatFx, (stat: StatEvent) => (sent.push(stat), true)],
        [reportStreamErrorFx, reported],
      ],
    });
    await allSettled(engineAttached, { scope, params: createScriptedEngine() });
    await allSettled(sourceRequested, { scope, params: { url: 'http://x/master.m3u8', startTime: 0 } });
    await allSettled(playClicked, { scope });
    await vi.advanceTimersByTimeAsync(START_STALL_LIMIT_MS);
    expect(sent.filter((stat) => stat.event === 'error')).toEqual([
      { event: 'error', payload: expect.objectContaining({ errorType: 'network', details: 'startStalled', fatal: true }) },
    ]);
    expect(reported).toHaveBeenCalledTimes(1);
    expect(reported).toHaveBeenCalledWith(
      expect.objectContaining({ tags: { errorType: 'network', details: 'startStalled' }, fingerprint: ['stream-error', 'startStalled'] }),
    );
  });
});
