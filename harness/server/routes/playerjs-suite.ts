/**
 * The player.js library's own QUnit suite (node_modules/player.js/test/test.js), run against the
 * player as the embedded film: `/playerjs/suite` on the harness origin loads QUnit, the library
 * and the suite, with the suite's FRAMES pointed at two player iframes on the player origin.
 * `window.__qunit` holds the result when the suite is done (QUnit.done), with every failed
 * assertion (QUnit.log). Harness-only: served when the player.js devDependency is installed.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sendText, type Route } from '../http';
import { serveStatic } from '../static';

const FRAMES_DECLARATION = /var FRAMES = \[[^\]]*\];/;

/** The suite with its FRAMES replaced; throws when the package no longer declares them as expected. */
export function pointSuiteAt(source: string, frames: string[]): string {
  if (!FRAMES_DECLARATION.test(source)) throw new Error('player.js test/test.js no longer declares `var FRAMES = [...]`');
  return source.replace(FRAMES_DECLARATION, () => `var FRAMES = ${JSON.stringify(frames)};`);
}

/**
 * The player addresses the suite drives: the film, without autoplay (the suite plays it), and
 * without the harness's own rstat4 relay and probe: the suite JSON-parses every message its page
 * receives, as a site's page would see only the player's.
 */
export function suiteFrames(playerOrigin: string, search: URLSearchParams): string[] {
  const movie = /^\d+$/.test(search.get('movie_id') ?? '') ? search.get('movie_id')! : '101';
  return [0, 1].map(
    (index) =>
      `${playerOrigin}/?${new URLSearchParams({ movie_id: movie, auto_play: '0', 'harness-client': `playerjs-${index}`, 'harness-stats': 'off', 'harness-probe': 'off' })}`,
  );
}

const SUITE_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>player.js suite against the player</title>
  <link rel="stylesheet" href="/playerjs/lib/qunit-1.12.0.css">
</head>
<body>
  <div id="qunit"></div>
  <div id="qunit-fixture"></div>
  <script src="/playerjs/player.js"></script>
  <script src="/playerjs/lib/qunit-1.12.0.js"></script>
  <script>
    window.__qunitFailures = [];
    // The suite adds its tests when each player says ready, after the page's load: QUnit starts
    // once every player's tests are in (below), not at load with none.
    QUnit.config.autostart = false;
    QUnit.config.testTimeout = 20000;
    QUnit.log(function (detail) {
      if (!detail.result) window.__qunitFailures.push({ module: detail.module, name: detail.name, message: detail.message || '', actual: String(detail.actual), expected: String(detail.expected) });
    });
    QUnit.done(function (detail) {
      window.__qunit = { failed: detail.failed, passed: detail.passed, total: detail.total, failures: window.__qunitFailures };
    });
  </script>
  <script src="/playerjs/test.js?SEARCH"></script>
  <script>
    var suiteTestCases = testCases, playersReady = 0;
    testCases = function () {
      suiteTestCases.call(this);
      playersReady += 1;
      if (playersReady === FRAMES.length) QUnit.start();
    };
  </script>
</body>
</html>`;

export function playerjsSuiteRoutes(repoRoot: string, origins: { playerOrigin: string }): Route {
  const packageDir = path.join(repoRoot, 'node_modules', 'player.js');
  return async (ctx) => {
    const { pathname } = ctx.url;
    if (ctx.origin !== 'harness' || !pathname.startsWith('/playerjs/')) return false;
    if (!existsSync(packageDir)) {
      sendText(ctx.res, 404, 'player.js is not installed (npm install: it is a devDependency)');
      return true;
    }
    if (pathname === '/playerjs/suite') {
      sendText(ctx.res, 200, SUITE_PAGE.replace('SEARCH', ctx.url.searchParams.toString()), 'text/html; charset=utf-8');
    } else if (pathname === '/playerjs/test.js') {
      const source = await readFile(path.join(packageDir, 'test', 'test.js'), 'utf8');
      sendText(ctx.res, 200, pointSuiteAt(source, suiteFrames(origins.playerOrigin, ctx.url.searchParams)), 'text/javascript; charset=utf-8');
    } else if (pathname === '/playerjs/player.js') {
      await serveStatic(ctx, path.join(packageDir, 'dist'), '/player-0.1.0.js');
    } else if (pathname.startsWith('/playerjs/lib/')) {
      await serveStatic(ctx, path.join(packageDir, 'test', 'lib'), pathname.slice('/playerjs/lib'.length));
    } else {
      sendText(ctx.res, 404, 'Not found');
    }
    return true;
  };
}
