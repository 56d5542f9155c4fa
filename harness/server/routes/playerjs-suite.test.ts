import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRepoRoot } from '../paths';
import { pointSuiteAt, suiteFrames } from './playerjs-suite';

describe('the player.js suite page', () => {
  it("points the package's own suite at two players of the film, without autoplay", () => {
    const source = readFileSync(path.join(findRepoRoot(), 'node_modules', 'player.js', 'test', 'test.js'), 'utf8');
    const frames = suiteFrames('http://localhost:4200', new URLSearchParams());
    const suite = pointSuiteAt(source, frames);
    expect(suite).toContain(`var FRAMES = ${JSON.stringify(frames)};`);
    expect(suite).not.toContain('localhost.com:8003');
    expect(frames).toEqual([
      'http://localhost:4200/?movie_id=101&auto_play=0&harness-client=playerjs-0&harness-stats=off&harness-probe=off',
      'http://localhost:4200/?movie_id=101&auto_play=0&harness-client=playerjs-1&harness-stats=off&harness-probe=off',
    ]);
  });

  it('takes a numeric movie_id only', () => {
    expect(suiteFrames('http://p', new URLSearchParams('movie_id=102'))[0]).toContain('movie_id=102');
    expect(suiteFrames('http://p', new URLSearchParams('movie_id=1%22%3E'))[0]).toContain('movie_id=101');
  });

  it('fails loudly when the package changes its FRAMES declaration', () => {
    expect(() => pointSuiteAt('var frames = [];', [])).toThrow(/no longer declares/);
  });
});
