import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_PORTS, serverLogFile, type E2eBrand } from './fixtures/run-files';

// Ports come from `npm test` (free ports); the fixed ones serve a manual `npx playwright test`.
const breadPort = E2E_PORTS.bread;
const rbcPort = E2E_PORTS.rbc;
const breadURL = `http://127.0.0.1:${breadPort}`;

function server(brand: E2eBrand, port: number) {
  const database = join(tmpdir(), `portal-e2e-${brand}-${port}.sqlite`);
  const log = serverLogFile(brand);
  return {
    // A fresh database for every run: the server seeds the demo data into it at start. Its log, at trace
    // level, goes to a file of the run for the secrets scan (e2e/scan/secrets.spec.ts).
    command: `rm -f ${database} ${database}-wal ${database}-shm && node apps/server/dist/server.js > ${log}`,
    cwd: '..',
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      BRAND: brand,
      DATABASE_URL: `sqlite:${database}`,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'trace',
      NODE_ENV: 'test',
    },
  };
}

export default defineConfig({
  testDir: './tests',
  globalSetup: './fixtures/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  // One retry in CI tells a flaky test from a broken one; it never makes it pass: `npm test` counts a
  // flaky test as failed and names it, and the run fails on it.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: !!process.env.CI,
  // Room for a busy machine (two cores shared with builds and other suites): a cold page of the portal,
  // session and list included, then took up to twenty seconds to show, and a journey over a minute.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  use: {
    // A failure's trace keeps the page's DOM at each step; no screencast, which took a busy machine's CPU
    // from the page under test for the frames of every test.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // First: the roles of fixtures/roles.ts sign in once; the journeys start from their saved state.
    { name: 'sign-ins', testDir: './setup', testMatch: /\.setup\.ts$/, use: { baseURL: breadURL } },
    {
      name: 'bread',
      use: { baseURL: breadURL },
      testIgnore: /\.rbc\.spec\.ts$/,
      dependencies: ['sign-ins'],
    },
    { name: 'rbc', use: { baseURL: `http://127.0.0.1:${rbcPort}` }, testMatch: /\.rbc\.spec\.ts$/ },
    // Last, after every journey of both brands: their logs and answers must hold no secret.
    { name: 'secrets', testDir: './scan', dependencies: ['bread', 'rbc'] },
  ],
  webServer: [server('bread', breadPort), server('rbc', rbcPort)],
});
