// `npm test`: unit, service and API tests (Vitest: contract, server, web), then the browser
// journeys (Playwright in Debian's Chromium; reported as skipped, with the reason, where Chromium
// is not installed). Runs on PGlite, or on PostgreSQL when DATABASE_URL is set. Ends with one line
// "N passed, N failed, N skipped" and writes the counts to test-results/summary.json.
// ATELIER_JOURNEYS=off leaves the browser journeys out of this run and says so (CI runs them on
// the PGlite pass only, to stay inside its time budget; the unit and API suite runs on both).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'test-results');
mkdirSync(resultsDir, { recursive: true });
const vitest = path.join(root, 'node_modules', '.bin', 'vitest');
const extraArgs = process.argv.slice(2);

const suites = [
  { name: 'unit and API', args: ['run'] },
  { name: 'browser journeys', args: ['run', '--config', 'apps/web/e2e/vitest.config.ts'] },
];

const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;
const journeysOff = process.env.ATELIER_JOURNEYS === 'off';
for (const [index, suite] of suites.entries()) {
  if (journeysOff && suite.name === 'browser journeys') {
    console.log(`\n=== ${suite.name}: not run on this pass (ATELIER_JOURNEYS=off) ===`);
    continue;
  }
  const outputFile = path.join(resultsDir, `suite-${index}.json`);
  console.log(`\n=== ${suite.name}${process.env.DATABASE_URL ? ' (PostgreSQL)' : ' (PGlite)'} ===`);
  const run = spawnSync(
    vitest,
    [
      ...suite.args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${outputFile}`,
      ...extraArgs,
    ],
    { cwd: root, stdio: 'inherit', env: process.env },
  );
  if (run.status !== 0) exitCode = run.status ?? 1;
  if (!existsSync(outputFile)) {
    totals.failed += 1;
    console.error(`${suite.name}: no results written (the run crashed before reporting)`);
    continue;
  }
  const report = JSON.parse(readFileSync(outputFile, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  if ((report.numFailedTestSuites ?? 0) > 0 && (report.numFailedTests ?? 0) === 0) {
    totals.failed += report.numFailedTestSuites;
  }
}
writeFileSync(path.join(resultsDir, 'summary.json'), JSON.stringify(totals));
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode !== 0 ? exitCode : totals.failed > 0 ? 1 : 0);
