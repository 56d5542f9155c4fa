import { describe, expect, it } from 'vitest';
import { DEFAULT_ADS_URL, parseOptions, SECTIONS } from './options';

describe('bench options', () => {
  it('defaults to 15 iterations, every section, the bench ports and a report in bench/results', () => {
    const opts = parseOptions([], { CHROMIUM_PATH: '/opt/chromium' });
    expect(opts).toMatchObject({ iterations: 15, quick: false, strict: false, out: 'bench/results/latest.json', playerPort: 4240, harnessPort: 4241, chromium: '/opt/chromium', adsUrl: DEFAULT_ADS_URL });
    expect([...opts.sections]).toEqual([...SECTIONS]);
    expect(opts).toMatchObject({ adsIterations: 5, nextIterations: 5, steadyIterations: 3, switches: 30 });
  });

  it('takes --iterations N (and caps the slow sections by it), --quick, --strict and --only', () => {
    const opts = parseOptions(['--iterations', '2', '--quick', '--strict', '--only=ttff,bundle']);
    expect(opts).toMatchObject({ iterations: 2, quick: true, strict: true, adsIterations: 2, steadyIterations: 2 });
    expect([...opts.sections]).toEqual(['ttff', 'bundle']);
  });

  it('rejects unknown options and bad numbers', () => {
    expect(() => parseOptions(['--iterations', '0'])).toThrow(/positive integer/);
    expect(() => parseOptions(['--fast'])).toThrow(/unknown option --fast/);
    expect(() => parseOptions(['--only', 'ttff,nope'])).toThrow(/unknown section/);
    expect(() => parseOptions(['--player-port', '70000'])).toThrow(/port/);
  });
});
