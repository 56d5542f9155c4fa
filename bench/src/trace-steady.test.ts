import { describe, expect, it } from 'vitest';
import { parseTraceOptions } from './trace-steady';

describe('bench:trace options', () => {
  it('traces three pairs of 10 s on the fMP4 film at full CPU by default, after a build', () => {
    expect(parseTraceOptions([])).toEqual({ stream: 'fmp4', cpu: 1, pairs: 3, seconds: 10, build: true, profile: false, outDir: '.test-output/traces' });
  });

  it('takes the stream, the throttling, the pairs, the window, the build and the profile', () => {
    expect(parseTraceOptions(['--stream', 'ts', '--cpu', '4', '--pairs', '2', '--seconds', '5', '--no-build', '--profile', '--out-dir', '/tmp/t'])).toEqual({
      stream: 'ts', cpu: 4, pairs: 2, seconds: 5, build: false, profile: true, outDir: '/tmp/t',
    });
  });

  it('refuses what it cannot use, saying why', () => {
    expect(() => parseTraceOptions(['--stream', 'mp4'])).toThrow('--stream is fmp4 or ts, not "mp4"');
    expect(() => parseTraceOptions(['--cpu', '0'])).toThrow('--cpu must be a positive number');
    expect(() => parseTraceOptions(['--pairs'])).toThrow('--pairs needs a value');
    expect(() => parseTraceOptions(['--fast'])).toThrow('unknown option --fast');
  });
});
