import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { median } from './bench-kit.js';
import { startLighthouseBrowser } from './web/lighthouse.js';

/**
 * `npm run bench:web [-- --check] [-- --no-build]`: builds the portal, starts it on a fresh database with
 * the demo data, and measures in Chromium what a merchant feels: the compressed JS and CSS each page
 * loads, the time to the first row (cold and warm, median of LOADS) against a static page of the same
 * rows from a bare node:http server, 25 rows rendered after their answer, the merchant with 260 participations against one with a few, the
 * time from typing a search to its rows, when the drawer's request leaves after the click, and
 * Lighthouse's mobile performance score and largest contentful paint of the sign-in form and of the
 * transactions list opened cold by a signed-in merchant. Each figure is printed beside its budget
 * (web/budget.json: a score is at least its budget, any other figure at most); `--check` fails past one.
 */
const LOADS = 10;
const PASSWORD = 'Demo-Password-1';
const ROW = 'table tbody tr[data-row-id]';

type Budget = Record<string, number>;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startPortal(): Promise<{ url: string; stop: () => Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), 'portal-web-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${String(port)}`;
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `sqlite:${join(folder, 'portal.sqlite')}`,
      PUBLIC_URL: url,
      DEMO_DATA: 'true',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
  });
  for (let attempt = 0; ; attempt++) {
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (attempt > 240) throw new Error('The portal did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** The same 25 rows as plain HTML from a bare node:http server: the floor of a page of rows. */
async function startStaticPage(): Promise<{ url: string; server: Server }> {
  const rows = Array.from(
    { length: 25 },
    (_, index) =>
      `<tr data-row-id="${String(index)}"><td>2026-11-0${String((index % 9) + 1)}</td><td>ORDER-${String(index)}</td><td>Customer ${String(index)}</td><td>$${String(100 + index)}.00</td></tr>`,
  ).join('');
  const html = `<!doctype html><html><body><table><tbody>${rows}</tbody></table></body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`, server };
}

// Marks, in the page's own clock, when the first row appears: no polling between the page and the bench.
const FIRST_ROW_SCRIPT = `
  new MutationObserver((_, observer) => {
    if (document.querySelector('${ROW}')) {
      window.__firstRow = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

async function firstRowMs(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForSelector(ROW);
  return page.evaluate(() => (window as unknown as { __firstRow: number }).__firstRow);
}

/**
 * From the end of the next page's answer to its first row on screen: reading the answer and rendering
 * 25 rows, without the network or the page's boot.
 */
async function pageTurnRenderMs(page: Page): Promise<number> {
  await page.goto('/transactions');
  await page.waitForSelector(ROW);
  const shown = await page.locator(ROW).first().getAttribute('data-row-id');
  await page.evaluate(
    ([selector, id]) => {
      new MutationObserver((_, observer) => {
        const row = document.querySelector(selector);
        if (row && row.getAttribute('data-row-id') !== id) {
          (window as unknown as { __turned: number }).__turned = performance.now();
          observer.disconnect();
        }
      }).observe(document.body, { childList: true, subtree: true });
    },
    [ROW, shown] as const,
  );
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.waitForFunction(() => '__turned' in window);
  return page.evaluate(() => {
    const answers = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname === '/api/transactions');
    const answered = (answers.at(-1) as PerformanceResourceTiming).responseEnd;
    return (window as unknown as { __turned: number }).__turned - answered;
  });
}

/** Median first-row time over LOADS cold loads (a new context each) and LOADS warm reloads (one context). */
async function firstRow(
  browser: Browser,
  url: string,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<{ cold: number; warm: number }> {
  const cold: number[] = [];
  for (let load = 0; load < LOADS; load++) {
    const context = await browser.newContext({ storageState });
    await context.addInitScript(FIRST_ROW_SCRIPT);
    cold.push(await firstRowMs(await context.newPage(), url));
    await context.close();
  }
  const context = await browser.newContext({ storageState });
  await context.addInitScript(FIRST_ROW_SCRIPT);
  const page = await context.newPage();
  await firstRowMs(page, url);
  const warm: number[] = [];
  for (let load = 0; load < LOADS; load++) warm.push(await firstRowMs(page, url));
  await context.close();
  return { cold: median(cold), warm: median(warm) };
}

/** The JS and CSS a page loads, gzipped (level 9, as the issue counts) and as sent. */
async function pageBytes(page: Page, load: () => Promise<void>) {
  const sizes = { jsGzip: 0, cssGzip: 0, sent: 0 };
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const kind = /\.js$/.test(response.url()) ? 'js' : /\.css$/.test(response.url()) ? 'css' : null;
    if (!kind) return;
    pending.push(
      (async () => {
        const body = await response.body();
        sizes[kind === 'js' ? 'jsGzip' : 'cssGzip'] += gzipSync(body, { level: 9 }).length;
        // As sent: the precompressed file's length, which the server gives.
        sizes.sent += Number(response.headers()['content-length'] ?? body.length);
      })(),
    );
  });
  await load();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  return sizes;
}

async function signIn(page: Page, email: string, merchant?: string, origin = ''): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/login\/[^/?]+/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (merchant !== undefined) {
    await page.getByLabel('Search merchants').fill(merchant);
    await page.getByRole('button', { name: new RegExp(merchant) }).click();
  }
  await page.waitForSelector(ROW);
}

/** Figures in this unit are better higher: their budget is a floor. */
const SCORE = 'score';

const kb = (bytes: number) => Math.round(bytes / 1024);
const ms = (value: number) => Math.round(value);

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('The build failed');
  }
  const budget = JSON.parse(await readFile(new URL('web/budget.json', import.meta.url), 'utf8')) as Budget;
  // The browser first: a machine without it stops the bench before a portal is left running.
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const portal = await startPortal();
  const staticPage = await startStaticPage();
  const figures: [name: string, value: number, unit: string][] = [];
  // Each figure as it is measured, so that a run stopped halfway still tells what it found.
  const record = (...measured: [name: string, value: number, unit: string][]) => {
    for (const figure of measured) console.log(`measured ${figure[0]}: ${String(figure[1])} ${figure[2]}`);
    figures.push(...measured);
  };
  try {
    const context = await browser.newContext({ baseURL: portal.url });
    const page = await context.newPage();
    // The sign-in form alone, loaded fresh at its own address as a redirect from the provider opens it.
    await page.goto('/login');
    // The provider's authorization request, which opens a new sign-in form each time it is followed.
    const authorization = page.waitForRequest((request) => new URL(request.url()).pathname === '/oidc/auth');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const authorizationUrl = (await authorization).url();
    await page.waitForURL(/\/login\/[^/?]+/);
    const signInUrl = page.url();
    const fresh = await browser.newPage();
    const signInBytes = await pageBytes(fresh, async () => {
      await fresh.goto(signInUrl);
      await fresh.getByLabel('E-mail').waitFor();
    });
    await fresh.close();
    record(['signInJsGzipKB', kb(signInBytes.jsGzip), 'KB'], ['signInSentKB', kb(signInBytes.sent), 'KB']);

    await signIn(page, 'admin@merchant.demo');
    const few = await context.storageState();
    const listPage = await (await browser.newContext({ storageState: few, baseURL: portal.url })).newPage();
    const listBytes = await pageBytes(listPage, async () => {
      await listPage.goto('/transactions');
      await listPage.waitForSelector(ROW);
    });
    record(['transactionsJsGzipKB', kb(listBytes.jsGzip), 'KB']);

    const fewRows = await firstRow(browser, `${portal.url}/transactions`, few);
    const floor = await firstRow(browser, staticPage.url);
    record(
      ['firstRowColdMs', ms(fewRows.cold), 'ms'],
      ['firstRowWarmMs', ms(fewRows.warm), 'ms'],
      ['staticFirstRowColdMs', ms(floor.cold), 'ms'],
      ['staticFirstRowWarmMs', ms(floor.warm), 'ms'],
      ['firstRowColdOverStatic', Number((fewRows.cold / floor.cold).toFixed(2)), '×'],
      ['firstRowWarmOverStatic', Number((fewRows.warm / floor.warm).toFixed(2)), '×'],
    );

    const staffContext = await browser.newContext({ baseURL: portal.url });
    await signIn(await staffContext.newPage(), 'internal.admin@provider.demo', 'Harbor Street Marketplace');
    const many = await firstRow(browser, `${portal.url}/transactions`, await staffContext.storageState());
    await staffContext.close();
    record(
      ['manyProgramsFirstRowColdMs', ms(many.cold), 'ms'],
      ['manyProgramsOverFew', Number((many.cold / fewRows.cold).toFixed(2)), '×'],
    );

    // Typing a search (a customer of the page) until the first row is one of its results.
    const customer = (await listPage.locator(`${ROW} td`).nth(2).innerText()).split('\n')[0] ?? '';
    const searches: number[] = [];
    for (let run = 0; run < 5; run++) {
      await listPage.goto('/transactions');
      await listPage.waitForSelector(ROW);
      const box = listPage.getByRole('searchbox', { name: 'Search' });
      // Never ending in a space: the address keeps the search trimmed, so it would never read the same.
      const typed = customer.slice(0, 4 + run).trimEnd();
      await box.fill(typed.slice(0, -1));
      const started = Date.now();
      await box.press(typed.at(-1) ?? 'a');
      // The search in the address, no list still loading, and the first row one of its results.
      await listPage.waitForFunction(
        ([selector, text]) =>
          new URLSearchParams(location.search).get('search') === text &&
          document.querySelector('[aria-busy="true"]') === null &&
          (document.querySelector(selector)?.textContent ?? '').toLowerCase().includes(text.toLowerCase()),
        [ROW, typed] as const,
      );
      searches.push(Date.now() - started);
    }
    record(['searchToRowsMs', ms(median(searches)), 'ms']);

    const turns: number[] = [];
    for (let run = 0; run < 5; run++) turns.push(await pageTurnRenderMs(listPage));
    record(['rowsRenderedAfterAnswerMs', ms(median(turns)), 'ms']);

    // From the click on a row to its detail's request leaving, both in the page's own clock: the time
    // Playwright spends checking the row before it clicks is not the portal's.
    const drawers: number[] = [];
    for (let run = 0; run < 5; run++) {
      await listPage.goto('/transactions');
      const row = listPage.locator(ROW).nth(run);
      await row.waitFor();
      await listPage.evaluate(() => {
        document.addEventListener(
          'click',
          () => {
            (window as unknown as { __clicked: number }).__clicked = performance.now();
          },
          { capture: true, once: true },
        );
      });
      const answered = listPage.waitForResponse((response) =>
        /\/api\/transactions\/[^/?]+$/.test(new URL(response.url()).pathname),
      );
      await row.locator('td').nth(2).click();
      await (await answered).finished();
      drawers.push(
        await listPage.evaluate(() => {
          const detail = performance
            .getEntriesByType('resource')
            .filter((entry) => /\/api\/transactions\/[^/?]+$/.test(new URL(entry.name).pathname))
            .at(-1);
          return (detail?.startTime ?? Number.NaN) - (window as unknown as { __clicked: number }).__clicked;
        }),
      );
    }
    record(['drawerRequestAfterClickMs', ms(median(drawers)), 'ms']);

    const lighthouse = await startLighthouseBrowser();
    try {
      const signInPage = await lighthouse.signedOut(authorizationUrl, /^\/login\/[^/]+$/);
      record(
        ['signInLighthouseScore', signInPage.score, SCORE],
        ['signInLighthouseLcpMs', ms(signInPage.lcpMs), 'ms'],
      );
      const listPageCold = await lighthouse.signedIn(
        `${portal.url}/transactions`,
        /^\/transactions$/,
        (signInTab) => signIn(signInTab, 'admin@merchant.demo', undefined, portal.url),
      );
      record(
        ['transactionsLighthouseScore', listPageCold.score, SCORE],
        ['transactionsLighthouseLcpMs', ms(listPageCold.lcpMs), 'ms'],
      );
    } finally {
      await lighthouse.close();
    }
  } finally {
    await browser.close();
    staticPage.server.close();
    await portal.stop();
  }

  let failed = 0;
  for (const [name, value, unit] of figures) {
    const limit = budget[name];
    const floor = unit === SCORE;
    const over = limit !== undefined && (floor ? value < limit : value > limit);
    if (over) failed++;
    const bound = floor ? '≥' : '≤';
    const target =
      limit === undefined ? '' : `  (budget ${bound} ${String(limit)} ${unit}${over ? ', PAST IT' : ''})`;
    console.log(`${name.padEnd(28)} ${String(value).padStart(7)} ${unit}${target}`);
  }
  if (check && failed > 0) {
    console.error(`${String(failed)} figure(s) past their budget`);
    process.exitCode = 1;
  }
}

await main();
