import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { MAIN_MERCHANT } from '../seed/demo-merchants.js';
import { cartInput } from '../test/cart-fixtures.js';
import { freePort } from '../test/free-port.js';
import { ensureServerBuilt, startServer, waitForOutput } from '../test/server-process.js';
import type { ServerProcess } from '../test/server-process.js';
import { openTestDatabase, TEST_DIALECTS } from '../test/test-database.js';
import { activePrograms, insertTransactionFixtures } from '../test/transaction-fixtures.js';
import { merchantIdByName } from '../test/tokens.js';

/**
 * The real server process under a burst of keyed writes, killed with SIGKILL in the middle, restarted
 * on the same database, and every request retried with its key (issue 10, "Crash"): each write exists
 * exactly once, an answer given before the crash is the answer given again, the database is sound.
 */

const CARTS = 40;
const ACTIONS_EACH = 12;
const CONCURRENCY = 6;
const SETTLE_AMOUNT = 500;
const REFUND_AMOUNT = 100;
/** 32 random bytes, base64: the key that encrypts keys at rest, fixed so that both starts share it. */
const KEY_ENCRYPTION_KEY = randomBytes(32).toString('base64');
const LISTENING = 'Merchant portal listening';

interface KeyedRequest {
  readonly key: string;
  readonly path: string;
  readonly body: unknown;
  /** What identifies the write in the database: the cart's order reference, or the transaction id. */
  readonly subject: string;
  readonly kind: 'cart' | 'settle' | 'refund';
}

interface Outcome {
  killedBySigkill: boolean;
  acknowledged: number;
  sent: number;
  replayedDifferently: string[];
  failedRetries: string[];
  duplicated: string[];
  missing: string[];
  integrity: string[];
}

interface Answer {
  status: number;
  body: { data?: { id?: string } };
}

async function urlOf(database: DatabaseHandle): Promise<string> {
  if (database.dialect === 'sqlite') {
    const { rows } = await sql<{ file: string }>`pragma database_list`.execute(database.db);
    return `sqlite:${rows[0]?.file ?? ''}`;
  }
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db);
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${rows[0]?.name ?? ''}`;
  return url.toString();
}

describe.each(TEST_DIALECTS)('crash in the middle of keyed writes (%s)', (dialect) => {
  let database: DatabaseHandle;
  let env: Record<string, string>;
  let base: string;
  let server: ServerProcess | undefined;
  let authorization: string;
  let outcome: Outcome;

  const start = async () => {
    server = startServer(env);
    await waitForOutput(server, LISTENING);
  };

  const send = async (request: KeyedRequest): Promise<Answer> => {
    const response = await fetch(`${base}${request.path}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json', 'idempotency-key': request.key },
      body: JSON.stringify(request.body),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  };

  beforeAll(async () => {
    ensureServerBuilt();
    database = await openTestDatabase(dialect);
    const port = await freePort();
    base = `http://127.0.0.1:${String(port)}`;
    env = {
      PORT: String(port),
      DATABASE_URL: await urlOf(database),
      NODE_ENV: 'test',
      DEMO_DATA: 'true',
      FAKE_AUTH: 'true',
      LOG_LEVEL: 'warn',
      KEY_ENCRYPTION_KEY,
    };
    await start();
    // Fake auth signs in without the identity provider's pages: the crash, not the sign-in, is under test.
    const merchantId = await merchantIdByName(database.db, MAIN_MERCHANT);
    const fake = await fetch(`${base}/api/auth/fake/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@merchant.demo' }),
    });
    const providerToken = ((await fake.json()) as { token: string }).token;
    const exchange = await fetch(`${base}/api/auth/org/token/exchange`, {
      method: 'POST',
      headers: { authorization: `Bearer ${providerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ appID: 'merchant-portal', merchantID: merchantId }),
    });
    expect(exchange.status).toBe(200);
    authorization = `Bearer ${((await exchange.json()) as { token: string }).token}`;
    outcome = await burstKillAndRetry();
  }, 240_000);

  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await database.destroy();
  });

  /** The burst, the kill, the restart and the retries; what each test below looks at. */
  const burstKillAndRetry = async (): Promise<Outcome> => {
    const { db } = database;
    const merchantId = await merchantIdByName(db, MAIN_MERCHANT);
    // Fresh transactions of the main merchant: the demo data's age with the clock, these do not.
    const [program] = await activePrograms(db, merchantId);
    const fixture = (state: { status: 'AUTHORIZED' | 'SETTLED'; settled: number }) => ({
      merchant_id: merchantId,
      program_id: program?.id ?? '',
      ...state,
    });
    const authorized = await insertTransactionFixtures(
      db,
      Array.from({ length: ACTIONS_EACH }, () => fixture({ status: 'AUTHORIZED', settled: 0 })),
    );
    const settled = await insertTransactionFixtures(
      db,
      Array.from({ length: ACTIONS_EACH }, () => fixture({ status: 'SETTLED', settled: 10_000 })),
    );
    const before = new Map([...authorized, ...settled].map((row) => [row.id, row]));

    const requests: KeyedRequest[] = [];
    for (let index = 0; index < CARTS; index += 1) {
      const orderReference = `CRASH-${randomUUID()}`;
      requests.push({
        kind: 'cart',
        key: randomUUID(),
        path: '/api/carts',
        body: cartInput({ orderReference }),
        subject: orderReference,
      });
      const [action, row, amount] =
        index % 2 === 0
          ? (['settle', authorized[index / 2], SETTLE_AMOUNT] as const)
          : (['refund', settled[(index - 1) / 2], REFUND_AMOUNT] as const);
      if (row !== undefined) {
        requests.push({
          kind: action,
          key: randomUUID(),
          path: `/api/transactions/${row.id}/${action}`,
          body: { amount: { currency: row.currency, value: amount } },
          subject: row.id,
        });
      }
    }

    // The burst: a few at a time; the process dies once a third of them have been answered.
    const first = new Map<string, Answer>();
    let next = 0;
    const alive = () => server !== undefined && server.child.exitCode === null;
    const worker = async () => {
      while (next < requests.length && alive()) {
        const request = requests[next];
        next += 1;
        if (request === undefined) break;
        try {
          const answer = await send(request);
          if (answer.status < 300) first.set(request.key, answer);
        } catch {
          // The answer was lost with the process: retried below with the same key.
        }
        if (first.size >= requests.length / 3 && alive()) server?.child.kill('SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await server?.exited;

    const killedBySigkill = server?.child.signalCode === 'SIGKILL';
    await start();
    const replayedDifferently: string[] = [];
    const failedRetries: string[] = [];
    for (const request of requests) {
      const answer = await send(request);
      const earlier = first.get(request.key);
      if (earlier === undefined) {
        if (answer.status >= 300) failedRetries.push(`${request.path}: ${String(answer.status)}`);
      } else if (answer.status !== earlier.status || answer.body.data?.id !== earlier.body.data?.id) {
        replayedDifferently.push(`${request.path}: ${String(answer.status)}`);
      }
    }

    const duplicated: string[] = [];
    const missing: string[] = [];
    for (const request of requests.filter((r) => r.kind === 'cart')) {
      const { count } = await db
        .selectFrom('carts')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('order_reference', '=', request.subject)
        .executeTakeFirstOrThrow();
      if (Number(count) > 1) duplicated.push(`cart ${request.subject}: ${String(count)}`);
      if (Number(count) < 1) missing.push(`cart ${request.subject}`);
    }
    for (const request of requests.filter((r) => r.kind !== 'cart')) {
      const row = await db
        .selectFrom('transactions')
        .select(['settled', 'refunded'])
        .where('id', '=', request.subject)
        .executeTakeFirstOrThrow();
      const was = before.get(request.subject);
      const change =
        request.kind === 'settle' ? row.settled - (was?.settled ?? 0) : row.refunded - (was?.refunded ?? 0);
      const amount = request.kind === 'settle' ? SETTLE_AMOUNT : REFUND_AMOUNT;
      if (change > amount) duplicated.push(`${request.kind} ${request.subject}: ${String(change)}`);
      if (change < amount) missing.push(`${request.kind} ${request.subject}`);
    }

    const integrity = await integrityProblems(database);
    console.log(
      `crash ${dialect}: ${String(requests.length)} keyed requests, ${String(first.size)} acknowledged before SIGKILL, ` +
        `${String(requests.length - first.size)} unanswered (lost or never sent) and retried, ` +
        `${String(duplicated.length)} duplicates, ${String(missing.length)} lost writes, ` +
        `integrity ${integrity.length === 0 ? 'clean' : integrity.join('; ')}`,
    );
    return {
      killedBySigkill,
      acknowledged: first.size,
      sent: requests.length,
      replayedDifferently,
      failedRetries,
      duplicated,
      missing,
      integrity,
    };
  };

  it('kills the server with SIGKILL in the middle of the burst', () => {
    expect(outcome.killedBySigkill).toBe(true);
    expect(outcome.acknowledged).toBeGreaterThan(0);
    expect(outcome.acknowledged).toBeLessThan(outcome.sent);
  });

  it('gives every request answered before the crash the same answer again', () => {
    expect(outcome.replayedDifferently).toEqual([]);
  });

  it("makes no write twice, and the database's own checks are clean", () => {
    expect(outcome.duplicated).toEqual([]);
    expect(outcome.integrity).toEqual([]);
  });

  it('completes, once, every request whose answer was lost when it is sent again with its key', () => {
    expect(outcome.failedRetries).toEqual([]);
    expect(outcome.missing).toEqual([]);
  });
});

/** What the database's own checks find wrong: nothing, after a crash, if its writes were atomic. */
async function integrityProblems(database: DatabaseHandle): Promise<string[]> {
  const { db } = database;
  const problems: string[] = [];
  const duplicateKeys = await db
    .selectFrom('idempotent_requests')
    .select(['caller', 'key'])
    .groupBy(['caller', 'key'])
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  if (duplicateKeys.length > 0)
    problems.push(`${String(duplicateKeys.length)} idempotency keys stored twice`);
  const duplicateCarts = await db
    .selectFrom('carts')
    .select(['merchant_id', 'order_reference'])
    .where('order_reference', 'like', 'CRASH-%')
    .groupBy(['merchant_id', 'order_reference'])
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  if (duplicateCarts.length > 0) problems.push(`${String(duplicateCarts.length)} carts made twice`);
  if (database.dialect === 'sqlite') {
    const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
    if (rows[0]?.integrity_check !== 'ok') problems.push(`integrity_check: ${JSON.stringify(rows)}`);
    const foreign = await sql`pragma foreign_key_check`.execute(db);
    if (foreign.rows.length > 0) problems.push(`${String(foreign.rows.length)} foreign keys broken`);
  } else {
    const invalid = await sql<{ name: string }>`
      select conname as name from pg_constraint where not convalidated
      union all
      select indexrelid::regclass::text from pg_index where not indisvalid or not indisready`.execute(db);
    if (invalid.rows.length > 0)
      problems.push(`not valid: ${invalid.rows.map((row) => row.name).join(', ')}`);
  }
  return problems;
}
