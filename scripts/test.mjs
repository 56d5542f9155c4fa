// `npm test`: typecheck, unit tests (vitest), browser tests (Playwright, Chromium) and the engine
// lanes (Firefox ESR and WebKitGTK, e2e-engines/), then one line `N passed, N failed` summing them
// all. Exits non-zero when anything failed. Stage names as arguments run only those: `e2e`, `unit`,
// `typecheck`, `engines`, or one lane (`engines:firefox`, `engines:webkit`).
//
// The browser tests start at once; the typecheck and vitest run beside them at the lowest CPU
// priority (`nice -n 19`). Beside the two Playwright workers they took 163 s instead of 30 alone
// (41 core-seconds, 2026-12-02); the engine lanes leave too little idle for them (35 core-seconds
// in 148 s, 2026-12-01). Their output is
// printed after the browser tests'. (On Linux `nice` orders processes within one autogroup, and
// Chromium, launched detached, has its own; the stages in a group of the lowest priority gave the
// same suite time, 638 s against 649 s, one run each on 2026-11-30.) The engine lanes come last.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
/**
 * TypeScript 7's native compiler (the `typescript-7` alias): the typecheck in 11 s of CPU against
 * 39 s with TypeScript 5.9, which stays as `typescript` for the syntax trees some tests read.
 */
const TSC = path.join(root, 'node_modules', 'typescript-7', 'bin', 'tsc');

const out = path.join(root, '.test-output');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const only = process.argv.slice(2);
const wants = (stage) => only.length === 0 || only.includes(stage);
/** The engine lanes asked for: every lane file, or those named `engines:<lane>`. */
const lanes = only.filter((stage) => stage.startsWith('engines:')).map((stage) => `e2e-engines/${stage.slice('engines:'.length)}.test.ts`);
const wantsEngines = wants('engines') || lanes.length > 0;

/** `nice -n 19` where the system has it (Linux, macOS); otherwise the command as it is. */
const NICE = process.platform !== 'win32' && spawnSync('nice', ['-n', '19', 'true']).status === 0;
const lowPriority = (command, args) => (NICE ? ['nice', ['-n', '19', command, ...args]] : [command, args]);

/**
 * Starts a command, its output on this terminal (`live`) or held back; resolves to { ok, output }
 * when it ends (`output` empty when live).
 */
function start(command, args, { live = false, env = {} } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => resolve({ ok: code === 0, output, signal }));
    child.on('error', (error) => resolve({ ok: false, output: String(error) }));
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Names of the Playwright tests that failed (a test with `status` unexpected), with their files. */
function playwrightFailures(report) {
  const names = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests?.some((test) => test.status === 'unexpected')) names.push(`${spec.file} › ${[...trail, spec.title].join(' › ')}`);
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return names;
}

/** Names of the vitest tests that failed, with their files. */
function vitestFailures(report) {
  return (report?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).filter((test) => test.status === 'failed').map((test) => `${path.relative(root, file.name)} › ${test.fullName}`),
  );
}

/** Failed tests by name, printed before the last line so a run's record says what failed. */
const failures = [];

let passed = 0;
let failed = 0;
let skipped = 0;
let ok = true;

const e2eFile = path.join(out, 'e2e.json');
const unitFile = path.join(out, 'unit.json');
if (wants('e2e')) console.log('\n=== browser tests (Playwright, Chromium)');
const e2e = wants('e2e') ? start(bin('playwright'), ['test'], { live: true }) : null;
// Beside anything else vitest leaves a core to it: on 2 cores one worker (with the typecheck alone,
// both stages took 38 s with one worker and 41 s with two, medians of 7 runs).
const besides = e2e !== null || wants('typecheck');
const unitArgs = ['run', ...(besides ? [`--maxWorkers=${Math.max(1, availableParallelism() - 1)}`] : []), '--reporter=default', '--reporter=json', `--outputFile.json=${unitFile}`];
const unit = wants('unit') ? start(...lowPriority(bin('vitest'), unitArgs)) : null;
const typecheck = wants('typecheck') ? checkTypes() : null;

/**
 * The typecheck, run once more when it failed without a word (a signal or an empty report): a CI
 * run once failed on a silent typecheck that passed on the same tree before and after. A second
 * silent failure fails the stage, saying how it ended.
 */
async function checkTypes() {
  const run = () => start(...lowPriority(process.execPath, [TSC, '--noEmit', '-p', '.']));
  const silent = (result) => !result.ok && (result.signal || !result.output.trim());
  const how = (result) => (result.signal ? `by ${result.signal}` : 'with no report');
  const first = await run();
  if (!silent(first)) return first;
  const second = await run();
  const notes = [`tsc ended ${how(first)}; ran it again`, silent(second) ? `tsc ended ${how(second)} again` : ''];
  return { ...second, output: [...notes, second.output].filter(Boolean).join('\n') };
}

/** Adds one stage's counts to the line; a stage without its report counts one failure. */
function tally(stageOk, counts) {
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
    skipped += counts.skipped;
  } else failed++;
  ok &&= stageOk;
}

/** Set once the Chromium suite ran: its server built the player, which the engine lanes then serve as it is. */
let built = null;
if (e2e) {
  const { ok: e2eOk } = await e2e;
  const e2eReport = readJson(e2eFile);
  if (e2eReport) built = process.env.DIST_DIR || 'dist';
  failures.push(...playwrightFailures(e2eReport));
  const stats = e2eReport?.stats;
  tally(e2eOk, stats && { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped });
}

// After the Chromium suite, not beside it: both are CPU-bound browsers on 2 cores. Beside it, even
// in a scheduling group of the lowest priority (Linux's autogroup at niceness 10), the lanes made
// the suite twice as slow: 83 of its tests in 9.5 min, against all 152 in 10.8 min (2026-11-30).
// They serve the player the suite's server has just built (ENGINES_BUILT), not a second build.
if (wantsEngines) {
  console.log('\n=== engine lanes (Firefox ESR, WebKitGTK)');
  const enginesFile = path.join(out, 'engines.json');
  const args = ['run', '--config', 'vitest.engines.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${enginesFile}`, ...(wants('engines') ? [] : lanes)];
  const { ok: enginesOk } = await start(bin('vitest'), args, { live: true, env: built ? { ENGINES_BUILT: built } : {} });
  const report = readJson(enginesFile);
  failures.push(...vitestFailures(report));
  tally(enginesOk, report && { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests });
}

if (unit) {
  console.log('\n=== unit tests (vitest)');
  const { ok: unitOk, output } = await unit;
  if (output.trim()) console.log(output.trimEnd());
  const report = readJson(unitFile);
  failures.push(...vitestFailures(report));
  tally(unitOk, report && { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests });
}

if (typecheck) {
  console.log('\n=== typecheck');
  const { ok: typed, output } = await typecheck;
  if (output.trim()) console.log(output.trimEnd());
  typed ? passed++ : failed++;
  ok &&= typed;
}

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((name) => `  ${name}`).join('\n')}`);
if (!ok && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok && failed === 0 ? 0 : 1);
