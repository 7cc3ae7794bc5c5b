// `npm test`: every check and every suite, in order, ending with one line `N passed, N failed`.
// Static checks count as one test each; vitest and Playwright counts come from their JSON reports.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './run.mjs';

const CHROMIUM = '/usr/bin/chromium';
const reports = mkdtempSync(join(tmpdir(), 'portal-test-'));
const totals = { passed: 0, failed: 0 };

function count(passed, failed) {
  totals.passed += passed;
  totals.failed += failed;
}

async function check(name, command, args) {
  console.log(`\n▶ ${name}`);
  const code = await run(command, args);
  count(code === 0 ? 1 : 0, code === 0 ? 0 : 1);
  console.log(code === 0 ? `✔ ${name}` : `✘ ${name} (exit ${code})`);
  return code === 0;
}

/**
 * `count` distinct free ports. Every listener stays open until all are chosen: a port closed before the
 * next is asked for can be handed out again, and two servers on one port fail the browser run.
 */
async function freePorts(count) {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const server = createServer();
          server.on('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => server.address().port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

await check('lint', 'npm', ['run', 'lint', '--silent']);
await check('format', 'npx', ['prettier', '--check', '.']);
// Unused files and dependencies fail the run; unused exports are listed as warnings (knip.json).
await check('knip', 'npm', ['run', 'knip', '--silent']);
await check('typecheck', 'npm', ['run', 'typecheck', '--silent']);
const built = await check('build', 'npm', ['run', 'build', '--silent']);

console.log('\n▶ unit and integration tests (vitest)');
if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'PostgreSQL suite not run: TEST_DATABASE_URL is not set (set it to a PostgreSQL URL whose role may create databases, e.g. postgres://postgres@127.0.0.1:5432/postgres).',
  );
}
const vitestReport = join(reports, 'vitest.json');
await run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  // A suite that fails to load has no tests of its own; count it so that it cannot pass silently.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  ).length;
  count(report.numPassedTests, report.numFailedTests + brokenFiles);
} else {
  console.log('✘ vitest wrote no report');
  count(0, 1);
}

/** The names (project › file › describe › title) of the tests of a Playwright JSON report whose outcome is flaky. */
function flakyTests(suites, path = []) {
  return suites.flatMap((suite) => {
    const titles = [...path, suite.title];
    const own = suite.specs.flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'flaky')
        .map((test) => [test.projectName, ...titles, spec.title].join(' › ')),
    );
    return [...own, ...flakyTests(suite.suites ?? [], titles)];
  });
}

console.log('\n▶ browser journeys (Playwright, Chromium)');
if (!existsSync(CHROMIUM)) {
  console.log(`✘ Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium`);
  count(0, 1);
} else if (!built) {
  console.log('✘ browser journeys not run: the build failed');
  count(0, 1);
} else {
  const playwrightReport = join(reports, 'playwright.json');
  const [breadPort, rbcPort] = await freePorts(2);
  await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    env: {
      ...process.env,
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
      E2E_BREAD_PORT: String(breadPort),
      E2E_RBC_PORT: String(rbcPort),
    },
  });
  if (existsSync(playwrightReport)) {
    const { suites, stats, errors } = JSON.parse(readFileSync(playwrightReport, 'utf8'));
    // A test that passed only on a retry is flaky, and counts as failed: a retry never makes a pass.
    for (const name of flakyTests(suites)) console.log(`✘ flaky (failed, then passed on a retry): ${name}`);
    count(stats.expected, stats.unexpected + stats.flaky + (errors?.length ?? 0));
  } else {
    console.log('✘ Playwright wrote no report');
    count(0, 1);
  }
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
