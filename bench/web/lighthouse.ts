import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import lighthouse from 'lighthouse';

/** What Lighthouse's default (mobile: a mid-range phone on a slow 4G link, simulated) says of a page. */
export interface LighthouseFigures {
  /** The performance category, 0 to 1. */
  readonly score: number;
  readonly lcpMs: number;
}

/**
 * Debian's Chromium, started by hand with a debugging port: Lighthouse drives it through that port, and
 * the bench signs in through the same port first, in the browser's default profile, which Lighthouse's
 * tab shares (a context that Playwright makes is invisible to it).
 */
export interface LighthouseBrowser {
  /**
   * Lighthouse's figures for a page opened signed out, its cache and storage cleared first; `arrivesAt`
   * is the path the page must end at (after its redirects) for the figures to be its own.
   */
  signedOut(url: string, arrivesAt: RegExp): Promise<LighthouseFigures>;
  /**
   * Lighthouse's figures for a page opened in a new tab by someone signed in (the identity provider's
   * session cookie kept), with the browser's cache emptied first: a cold start of a returning merchant.
   */
  signedIn(url: string, arrivesAt: RegExp, signIn: (page: Page) => Promise<void>): Promise<LighthouseFigures>;
  close(): Promise<void>;
}

async function debuggingPort(child: ChildProcess): Promise<number> {
  // Chromium prints "DevTools listening on ws://127.0.0.1:PORT/…" once the port is open.
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const port = /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(seen)?.[1];
      if (port !== undefined) resolve(Number(port));
    });
    child.once('exit', () => {
      reject(new Error(`Chromium stopped before its debugging port opened:\n${seen}`));
    });
  });
}

async function run(
  url: string,
  port: number,
  disableStorageReset: boolean,
  arrivesAt: RegExp,
): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance'],
    disableStorageReset,
  });
  const lhr = result?.lhr;
  const score = lhr?.categories.performance?.score;
  const lcpMs = lhr?.audits['largest-contentful-paint']?.numericValue;
  if (lhr === undefined || score == null || lcpMs === undefined) {
    throw new Error(
      `Lighthouse gave no performance figures for ${url}: ${JSON.stringify(lhr?.runtimeError)}`,
    );
  }
  // A page that sent the browser elsewhere (a sign-in that did not hold) would be measured instead.
  const arrived = new URL(lhr.finalDisplayedUrl).pathname;
  if (!arrivesAt.test(arrived)) throw new Error(`Lighthouse measured ${arrived}, not the page of ${url}`);
  return { score, lcpMs };
}

export async function startLighthouseBrowser(): Promise<LighthouseBrowser> {
  const profile = await mkdtemp(join(tmpdir(), 'portal-lighthouse-'));
  const child = spawn(
    '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--no-first-run',
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await debuggingPort(child);
  return {
    signedOut: (url, arrivesAt) => run(url, port, false, arrivesAt),
    async signedIn(url, arrivesAt, signIn) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${String(port)}`);
      try {
        const context = browser.contexts()[0];
        if (context === undefined) throw new Error('Chromium has no default profile');
        const page = await context.newPage();
        await signIn(page);
        // Lighthouse's own reset would clear the sign-in's cookie too: only the cache is emptied.
        const session = await context.newCDPSession(page);
        await session.send('Network.clearBrowserCache');
        await page.close();
      } finally {
        // Leaves the browser running: this only ends Playwright's connection to it.
        await browser.close();
      }
      return run(url, port, true, arrivesAt);
    },
    async close() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(profile, { recursive: true, force: true });
    },
  };
}
