// `npm test`: every check and every test, then one closing line `N passed, N failed` for all of
// them together (type checks and lint count as one test each; unit and end-to-end tests by case).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });
const bin = (name) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

function step(title, command, args) {
  console.log(`\n── ${title} ──`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } });
  console.log(`── ${title}: ${result.status === 0 ? 'ok' : `failed (exit ${result.status ?? result.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

function check(title, command, args) {
  if (step(title, command, args)) passed++;
  else {
    failed++;
    failures.push(title);
  }
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

check('typecheck: electron, services, shared', bin('tsc'), ['-p', 'tsconfig.node.json', '--noEmit']);
check('typecheck: renderer, shared', bin('tsc'), ['-p', 'tsconfig.web.json', '--noEmit']);
check('typecheck: end-to-end tests, benchmarks', bin('tsc'), ['-p', 'tsconfig.e2e.json', '--noEmit']);
check('lint (module boundaries)', bin('eslint'), ['.']);
check('format (prettier)', bin('prettier'), ['--check', '.']);
const built = step('build', process.execPath, [join(root, 'scripts/build.mjs'), '--quiet']);
if (!built) {
  failed++;
  failures.push('build');
}

const unitJson = join(results, 'unit-results.json');
rmSync(unitJson, { force: true });
const unitOk = step('unit tests (vitest)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${unitJson}`]);
const unit = readJson(unitJson);
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests;
  skipped += unit.numPendingTests + unit.numTodoTests;
  if (unit.numFailedTests > 0) failures.push(`${unit.numFailedTests} unit test(s)`);
  if (!unitOk && unit.numFailedTests === 0) {
    failed++;
    failures.push('vitest exited with an error outside the tests');
  }
} else {
  failed++;
  failures.push('vitest produced no report');
}

const e2eJson = join(results, 'e2e-results.json');
rmSync(e2eJson, { force: true });
if (built) {
  const e2eOk = step('end-to-end tests (Playwright, Chromium)', bin('playwright'), ['test']);
  const e2e = readJson(e2eJson);
  if (e2e) {
    const s = e2e.stats;
    passed += s.expected;
    failed += s.unexpected + s.flaky;
    skipped += s.skipped;
    if (s.unexpected + s.flaky > 0) failures.push(`${s.unexpected + s.flaky} end-to-end test(s)`);
    if (!e2eOk && s.unexpected + s.flaky === 0) {
      failed++;
      failures.push('playwright exited with an error outside the tests');
    }
  } else {
    failed++;
    failures.push('playwright produced no report');
  }
}

if (failures.length > 0) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 && existsSync(unitJson) ? 0 : 1);
