import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Recorded } from '../fixtures/test';
import { answersFolder, serverLogFile, type E2eBrand } from '../fixtures/run-files';

/**
 * The secrets scan of issue 10: after every other journey of the run (this project depends on them),
 * no server log line, at trace level, and no answer the browser received holds a token, a code, a
 * link key, a password, a password hash, or a full bank account number that a journey typed.
 */

const DEMO_PASSWORD = 'Demo-Password-1';
/** The start banner prints the public demo password on purpose (demo data only); it is not a log line. */
const DEMO_BANNER = `Demo sign-ins (password ${DEMO_PASSWORD}):`;
const JWT = /eyJ[\w-]{5,}\.eyJ[\w-]{5,}\.[\w-]*/;
const LINK_KEY =
  /\/(?:activate|password\/reset|passwords\/activation|passwords\/reset|checkout)\/([\w-]{43})(?![\w-])/g;

type SecretKind =
  | 'JWT'
  | 'password'
  | 'password hash'
  | 'link key'
  | 'authorization code'
  | 'id token hint'
  | 'access key secret'
  | 'bank account number';
/** The secret of a merchant-API access key (packages/contracts/src/access-keys.ts). */
const ACCESS_KEY_SECRET = /sk_[\w-]{43}(?![\w-])/;

/**
 * Answers where a secret is the point of the answer, and which kind. Everything else, and every log
 * line, may hold none.
 */
const ALLOWED: readonly {
  path: RegExp;
  /** Only the answers to this method, when given. */
  method?: string;
  kinds: readonly SecretKind[];
  why: string;
}[] = [
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
    path: /^\/api\/access-keys(\/[^/]+\/rotate)?$/,
    method: 'POST',
    kinds: ['access key secret'],
    why: 'the secret of a key, shown once when the key is created or rotated',
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

test('no log line and no answer of the run holds a token, code, link key, password, hash or account number', async () => {
  const records = await recorded();
  const urls = records.flatMap((record) => (record.kind === 'request' ? [record.url] : []));
  const answers = records.flatMap((record) => (record.kind === 'answer' ? [record] : []));
  const linkKeys = new Set(
    urls.flatMap((url) => [...new URL(url).pathname.matchAll(LINK_KEY)].map((m) => m[1] ?? '')),
  );
  const codes = valuesOf(urls, 'code');
  const hints = valuesOf(urls, 'id_token_hint');
  // Only the last four digits of an account number ever leave the server (bank information).
  const bankNumbers = new Set(
    records.flatMap((r) => (r.kind === 'bank account number' && r.value.length >= 7 ? [r.value] : [])),
  );
  const passwords = new Set([
    DEMO_PASSWORD,
    ...records.flatMap((r) => (r.kind === 'password' ? [r.value] : [])),
  ]);

  const secrets: Secret[] = [
    { kind: 'JWT', test: (text) => JWT.test(text) },
    { kind: 'password hash', test: (text) => text.includes('$argon2') },
    { kind: 'access key secret', test: (text) => ACCESS_KEY_SECRET.test(text) },
    ...[...passwords].filter((value) => value.length >= 6).map((value) => literal('password', value)),
    ...[...linkKeys].map((value) => literal('link key', value)),
    ...[...codes].map((value) => literal('authorization code', value)),
    ...[...hints].map((value) => literal('id token hint', value)),
    ...[...bankNumbers].map((value) => literal('bank account number', value)),
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
    const allowed = ALLOWED.filter(
      (rule) => rule.path.test(path) && (rule.method === undefined || rule.method === answer.method),
    ).flatMap((rule) => rule.kinds);
    for (const secret of secrets) {
      if (!allowed.includes(secret.kind) && secret.test(answer.body)) {
        leaks.push(`answer to ${answer.method} ${path} (${String(answer.status)}): ${secret.kind}`);
      }
    }
  }

  console.log(
    `secrets scan: ${String(logLines)} log lines, ${String(answers.length)} answers, ${String(linkKeys.size)} link keys, ` +
      `${String(codes.size)} codes, ${String(hints.size)} id token hints, ${String(passwords.size)} passwords, ` +
      `${String(bankNumbers.size)} bank account numbers; ` +
      `${String(leaks.length)} leaks`,
  );
  // The scan means something only if the run followed links and signed in and out.
  expect(answers.length).toBeGreaterThan(100);
  expect(linkKeys.size).toBeGreaterThan(0);
  expect(codes.size).toBeGreaterThan(0);
  expect(hints.size).toBeGreaterThan(0);
  expect(bankNumbers.size).toBeGreaterThan(0);
  expect(leaks.slice(0, 40), `${String(leaks.length)} leaks`).toEqual([]);
});
