// `npm test`: typecheck, unit tests (vitest) and browser tests (Playwright), then one line
// `N passed, N failed` summing both suites. Exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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

if (wants('typecheck')) {
  const typed = run('typecheck', bin('tsc'), ['--noEmit', '-p', '.']);
  typed ? passed++ : failed++;
  ok &&= typed;
}

if (wants('unit')) {
  const unitFile = path.join(out, 'unit.json');
  const unitOk = run('unit tests (vitest)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitFile}`]);
  const unit = readJson(unitFile);
  if (unit) {
    passed += unit.numPassedTests;
    failed += unit.numFailedTests;
    skipped += unit.numPendingTests + unit.numTodoTests;
  } else failed++;
  ok &&= unitOk;
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
