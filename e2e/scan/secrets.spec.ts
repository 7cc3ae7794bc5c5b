import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Recorded } from '../fixtures/test';
import { answersFolder, serverLogFile, type E2eBrand } from '../fixtures/run-files';

/**
 * The secrets scan of issue 10: after every other journey of the run (this project depends on them),
 * no server log line, at trace level, and no answer the browser received holds a token, a code, a
 * link key, a password or a password hash.
 */

const DEMO_PASSWORD = 'Demo-Password-1';
/** The start banner prints the public demo password on purpose (demo data only); it is not a log line. */
const DEMO_BANNER = `Demo sign-ins (password ${DEMO_PASSWORD}):`;
const JWT = /eyJ[\w-]{5,}\.eyJ[\w-]{5,}\.[\w-]*/;
const LINK_KEY =
  /\/(?:activate|password\/reset|passwords\/activation|passwords\/reset|checkout)\/([\w-]{43})(?![\w-])/g;

type SecretKind = 'JWT' | 'password' | 'password hash' | 'link key' | 'authorization code' | 'id token hint';

/**
 * Answers where a secret is the point of the answer, and which kind. Everything else, and every log
 * line, may hold none.
 */
const ALLOWED: readonly { path: RegExp; kinds: readonly SecretKind[]; why: string }[] = [
  {
    path: /^\/api\/auth\/org\/token\/exchange$/,
    kinds: ['JWT'],
    why: "the portal's token, the exchange's answer",
  },
  {
    path: /^\/oidc\/token$/,
    kinds: ['JWT', 'id token hint'],
    why: "the provider's tokens, the token endpoint's answer (the id token is the later id_token_hint)",
  },
  {
    path: /^\/api\/carts(\/|$)/,
    kinds: ['link key'],
    why: "the checkout link that the merchant's users copy",
  },
  {
    path: /^\/api\/emails\//,
    kinds: ['link key'],
    why: 'the outbox of the explicit demo mode, which shows the links of demo e-mails (production refuses it)',
  },
];

interface Secret {
  kind: SecretKind;
  test: (text: string) => boolean;
}

const literal = (kind: SecretKind, value: string): Secret => ({ kind, test: (text) => text.includes(value) });

function valuesOf(urls: readonly string[], parameter: string): Set<string> {
  const values = new Set<string>();
  for (const url of urls) {
    const value = new URL(url).searchParams.get(parameter);
    if (value !== null && value.length >= 8) values.add(value);
  }
  return values;
}

async function recorded(): Promise<Recorded[]> {
  const folder = answersFolder();
  const files = (await readdir(folder)).filter((file) => file.endsWith('.jsonl'));
  const lines = await Promise.all(files.map((file) => readFile(join(folder, file), 'utf8')));
  return lines
    .flatMap((text) => text.split('\n'))
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Recorded);
}

test('no log line and no answer of the run holds a token, code, link key, password or hash', async () => {
  const records = await recorded();
  const urls = records.flatMap((record) => (record.kind === 'request' ? [record.url] : []));
  const answers = records.flatMap((record) => (record.kind === 'answer' ? [record] : []));
  const linkKeys = new Set(
    urls.flatMap((url) => [...new URL(url).pathname.matchAll(LINK_KEY)].map((m) => m[1] ?? '')),
  );
  const codes = valuesOf(urls, 'code');
  const hints = valuesOf(urls, 'id_token_hint');
  const passwords = new Set([
    DEMO_PASSWORD,
    ...records.flatMap((r) => (r.kind === 'password' ? [r.value] : [])),
  ]);

  const secrets: Secret[] = [
    { kind: 'JWT', test: (text) => JWT.test(text) },
    { kind: 'password hash', test: (text) => text.includes('$argon2') },
    ...[...passwords].filter((value) => value.length >= 6).map((value) => literal('password', value)),
    ...[...linkKeys].map((value) => literal('link key', value)),
    ...[...codes].map((value) => literal('authorization code', value)),
    ...[...hints].map((value) => literal('id token hint', value)),
  ];

  const leaks: string[] = [];
  let logLines = 0;
  for (const brand of ['bread', 'rbc'] as const satisfies readonly E2eBrand[]) {
    const lines = (await readFile(serverLogFile(brand), 'utf8')).split('\n');
    for (const [index, line] of lines.entries()) {
      if (line === '' || line === DEMO_BANNER) continue;
      logLines += 1;
      for (const secret of secrets) {
        if (secret.test(line))
          leaks.push(`${brand} log line ${String(index + 1)}: ${secret.kind}: ${line.slice(0, 300)}`);
      }
    }
  }
  for (const answer of answers) {
    const path = new URL(answer.url).pathname;
    const allowed = ALLOWED.filter((rule) => rule.path.test(path)).flatMap((rule) => rule.kinds);
    for (const secret of secrets) {
      if (!allowed.includes(secret.kind) && secret.test(answer.body)) {
        leaks.push(`answer to ${answer.method} ${path} (${String(answer.status)}): ${secret.kind}`);
      }
    }
  }

  console.log(
    `secrets scan: ${String(logLines)} log lines, ${String(answers.length)} answers, ${String(linkKeys.size)} link keys, ` +
      `${String(codes.size)} codes, ${String(hints.size)} id token hints, ${String(passwords.size)} passwords; ` +
      `${String(leaks.length)} leaks`,
  );
  // The scan means something only if the run followed links and signed in and out.
  expect(answers.length).toBeGreaterThan(100);
  expect(linkKeys.size).toBeGreaterThan(0);
  expect(codes.size).toBeGreaterThan(0);
  expect(hints.size).toBeGreaterThan(0);
  expect(leaks.slice(0, 40), `${String(leaks.length)} leaks`).toEqual([]);
});
