// `npm test`: typecheck and unit tests (vitest) side by side, then browser tests (Playwright), then one line
// `N passed, N failed` summing both suites. Exits non-zero when anything failed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const out = path.join(root, '.test-output');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const only = process.argv.slice(2);
const wants = (stage) => only.length === 0 || only.includes(stage);

function run(title, command, args) {
  console.log(`\n=== ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  return result.status === 0;
}

/** Starts a command with its output held back; resolves to { ok, output } when it ends. */
function runHeld(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
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

let passed = 0;
let failed = 0;
let skipped = 0;
let ok = true;

// The typecheck runs beside the unit tests (one core each, mostly): its output is printed after them.
const typecheck = wants('typecheck') ? runHeld(bin('tsc'), ['--noEmit', '-p', '.']) : null;

if (wants('unit')) {
  const unitFile = path.join(out, 'unit.json');
  // Beside the typecheck, vitest leaves tsc a core (alone it takes them all, vitest.config.ts). On
  // 2 cores that is one worker: a second imports the whole module graph again for nothing (both
  // stages took 38 s with one worker, 41 s with two, medians of 7 runs).
  const workers = typecheck ? [`--maxWorkers=${Math.max(1, availableParallelism() - 1)}`] : [];
  const unitOk = run('unit tests (vitest)', bin('vitest'), ['run', ...workers, '--reporter=default', '--reporter=json', `--outputFile.json=${unitFile}`]);
  const unit = readJson(unitFile);
  if (unit) {
    passed += unit.numPassedTests;
    failed += unit.numFailedTests;
    skipped += unit.numPendingTests + unit.numTodoTests;
  } else failed++;
  ok &&= unitOk;
}

if (typecheck) {
  console.log('\n=== typecheck');
  const { ok: typed, output } = await typecheck;
  if (output.trim()) console.log(output.trimEnd());
  typed ? passed++ : failed++;
  ok &&= typed;
}

if (wants('e2e')) {
  const e2eFile = path.join(out, 'e2e.json');
  const e2eOk = run('browser tests (Playwright, Chromium)', bin('playwright'), ['test']);
  const e2e = existsSync(e2eFile) ? readJson(e2eFile) : null;
  if (e2e?.stats) {
    passed += e2e.stats.expected + e2e.stats.flaky;
    failed += e2e.stats.unexpected;
    skipped += e2e.stats.skipped;
  } else failed++;
  ok &&= e2eOk;
}

if (!ok && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok && failed === 0 ? 0 : 1);
