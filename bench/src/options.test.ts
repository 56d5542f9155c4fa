import { describe, expect, it } from 'vitest';
import { DEFAULT_ADS_URL, DEFAULT_TIME_BUDGET_S, parseOptions, SECTIONS } from './options';

describe('bench options', () => {
  it('defaults to 15 iterations, every section, the bench ports and a report in bench/results', () => {
    const opts = parseOptions([], { CHROMIUM_PATH: '/opt/chromium' });
    expect(opts).toMatchObject({ iterations: 15, quick: false, strict: false, out: 'bench/results/latest.json', playerPort: 4240, harnessPort: 4241, chromium: '/opt/chromium', adsUrl: DEFAULT_ADS_URL });
    expect([...opts.sections]).toEqual([...SECTIONS]);
    expect(opts).toMatchObject({ adsIterations: 5, nextIterations: 5, steadyIterations: 3, mobileIterations: 5, switches: 30, timeBudgetS: DEFAULT_TIME_BUDGET_S });
    expect(opts.sections.has('ttff_mobile')).toBe(true);
  });

  it('takes --iterations N (and caps the slow sections by it), --quick, --strict and --only', () => {
    const opts = parseOptions(['--iterations', '2', '--quick', '--strict', '--only=ttff,bundle']);
    expect(opts).toMatchObject({ iterations: 2, quick: true, strict: true, adsIterations: 2, steadyIterations: 2, mobileIterations: 2 });
    expect([...opts.sections]).toEqual(['ttff', 'bundle']);
  });

  it('takes --mobile-iterations N and --only ttff_mobile', () => {
    const opts = parseOptions(['--only', 'ttff_mobile', '--mobile-iterations', '3', '--time-budget', '0']);
    expect(opts).toMatchObject({ iterations: 15, mobileIterations: 3, timeBudgetS: 0 });
    expect([...opts.sections]).toEqual(['ttff_mobile']);
    expect(() => parseOptions(['--mobile-iterations', '0'])).toThrow(/positive integer/);
  });

  it('takes --tap-iterations N (default 1) and --only first_tap', () => {
    expect(parseOptions([]).tapIterations).toBe(1);
    const opts = parseOptions(['--only', 'first_tap', '--tap-iterations', '2']);
    expect(opts.tapIterations).toBe(2);
    expect([...opts.sections]).toEqual(['first_tap']);
    expect(() => parseOptions(['--tap-iterations', '0'])).toThrow(/positive integer/);
  });

  it('rejects unknown options and bad numbers', () => {
    expect(() => parseOptions(['--iterations', '0'])).toThrow(/positive integer/);
    expect(() => parseOptions(['--fast'])).toThrow(/unknown option --fast/);
    expect(() => parseOptions(['--only', 'ttff,nope'])).toThrow(/unknown section/);
    expect(() => parseOptions(['--player-port', '70000'])).toThrow(/port/);
  });
});
