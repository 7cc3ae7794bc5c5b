import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_APP_ID } from '@portal/contracts/auth';
import { tokenExchangeEndpoint } from '@portal/contracts/auth-endpoints';
import { endpointUrl } from '@portal/contracts/endpoint';
import { forgotPasswordEndpoint } from '@portal/contracts/passwords-endpoints';
import { NO_MERCHANT_ID } from '@portal/contracts/roles';
import { PAIR_THROTTLE } from './auth/provider/sign-in-throttle.js';
import { KeyEncryptionKey } from './auth/key-encryption.js';
import { protectStoredKeys } from './auth/keys.js';
import type { DatabaseHandle } from './db/database.js';
import { FORGOT_PASSWORD_RATE_LIMIT } from './modules/passwords/routes.js';
import { MAIN_MERCHANT } from './seed/demo-merchants.js';
import { DEMO_PASSWORD } from './seed/demo-users.js';
import { seedDemoData } from './seed/seed.js';
import { locationOf, PortalClient } from './test/oidc-browser.js';
import { startServerInstances, type ServerInstances } from './test/server-instances.js';
import { openTestDatabase, TEST_DIALECTS } from './test/test-database.js';
import { deleteRedisKeys, limitStoreConfig, type LimitStoreKind } from './test/test-limits.js';
import { activePrograms, insertTransactionFixtures } from './test/transaction-fixtures.js';
import { merchantIdByName } from './test/tokens.js';

const ADMIN_EMAIL = 'admin@merchant.demo';
const READ_ONLY_EMAIL = 'readonly@merchant.demo';

/** The URL of a test database, for processes of their own (TEST_DATABASE_URL names the server). */
async function urlOf(database: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db);
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${rows[0]?.name ?? ''}`;
  return url.toString();
}

/** Where the processes keep their limits: the database, or one Redis (REDIS_URL) for both. */
function limitStoreEnv(store: ReturnType<typeof limitStoreConfig>): Record<string, string> {
  return store.redis === undefined
    ? {}
    : { REDIS_URL: store.redis.url, REDIS_KEY_PREFIX: store.redis.keyPrefix };
}

/**
 * Two real server processes on one PostgreSQL database behind a round-robin proxy, as production runs
 * them behind a load balancer without sticky sessions (docs/operations.md): every step of a sign-in
 * and of a merchant's work may land on either one. Their limits are shared through the database, or
 * through Redis when it is configured.
 */
const LIMIT_STORE_KINDS: readonly LimitStoreKind[] = ['database', 'redis'];

describe.runIf(TEST_DIALECTS.includes('postgres')).each(LIMIT_STORE_KINDS)(
  'two server processes behind a load balancer (limits in the %s store)',
  (storeKind) => {
    const store = limitStoreConfig(storeKind);
    let database: DatabaseHandle;
    let instances: ServerInstances;
    let transactionId: string;

    const api = (path: string, token: string, init: RequestInit = {}) =>
      fetch(`${instances.proxy.url}${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      });

    /** Sign-in through the identity provider, then the portal's token exchange, as the portal does. */
    async function portalToken(email: string): Promise<string> {
      const provider = await new PortalClient({ base: instances.proxy.url }).signIn(email, DEMO_PASSWORD);
      const exchanged = await fetch(`${instances.proxy.url}${endpointUrl(tokenExchangeEndpoint)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${provider.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ appID: PORTAL_APP_ID, merchantID: NO_MERCHANT_ID }),
      });
      expect(exchanged.status).toBe(200);
      return ((await exchanged.json()) as { token: string }).token;
    }

    beforeAll(async () => {
      database = await openTestDatabase('postgres');
      // The key the processes are given, in hex: the seed's stored keys are sealed with it.
      const keyEncryptionKey = randomBytes(32).toString('hex');
      const key = KeyEncryptionKey.parse(keyEncryptionKey);
      if (key === undefined) throw new Error('32 random bytes in hex are a key');
      await protectStoredKeys(database.db, key);
      await seedDemoData(database.db, { size: 'small' });
      const merchantId = await merchantIdByName(database.db, MAIN_MERCHANT);
      const programs = await activePrograms(database.db, merchantId);
      const [row] = await insertTransactionFixtures(database.db, [
        { merchant_id: merchantId, program_id: programs.find((p) => p.channel === 'ECOMM')?.id ?? '' },
      ]);
      transactionId = row?.id ?? '';
      instances = await startServerInstances(
        2,
        { url: await urlOf(database), keyEncryptionKey },
        { DATABASE_POOL_SIZE: '4', ...limitStoreEnv(store) },
      );
    }, 180_000);

    afterAll(async () => {
      await instances.stop();
      await deleteRedisKeys(store);
      await database.destroy();
    });

    /** Rows of the database's own counters: none when Redis keeps them. */
    const counterRows = async () => {
      const throttles = await database.db.selectFrom('sign_in_throttles').select('key').execute();
      const counters = await database.db.selectFrom('rate_limit_counters').select('key').execute();
      return throttles.length + counters.length;
    };

    it('signs in through the identity provider and settles a transaction, each request on the next instance', async () => {
      const before = [...instances.proxy.served];
      const token = await portalToken(ADMIN_EMAIL);
      const settled = await api(`/api/transactions/${transactionId}/settle`, token, {
        method: 'POST',
        body: JSON.stringify({}),
      });
      expect(settled.status).toBe(200);
      const [first, second] = [0, 1].map(
        (index) => (instances.proxy.served[index] ?? 0) - (before[index] ?? 0),
      );
      // auth, login form, back to auth, token, exchange, settle: six requests, three on each.
      expect([first, second]).toEqual([3, 3]);

      // Read back on both instances: each sees the other's write.
      for (let round = 0; round < 2; round++) {
        const detail = await api(`/api/transactions/${transactionId}`, token);
        expect(detail.status).toBe(200);
        expect(await detail.json()).toMatchObject({ data: { status: 'SETTLED' } });
      }
      const again = await api(`/api/transactions/${transactionId}/settle`, token, {
        method: 'POST',
        body: JSON.stringify({}),
      });
      expect(again.status).toBe(409);
    });

    it('slows an e-mail down after its free failures, counted on both instances together', async () => {
      const client = new PortalClient({ base: instances.proxy.url });
      const { response } = await client.startSignIn();
      const loginPath = locationOf(response);
      for (let failure = 1; failure <= PAIR_THROTTLE.freeFailures; failure++) {
        const refused = await client.submitSignIn(loginPath, READ_ONLY_EMAIL, `wrong-${String(failure)}`);
        expect(locationOf(refused)).toBe(`${loginPath}?error=invalid`);
      }
      // Each instance saw only half of the failures; the throttle counts them all.
      const throttled = await client.submitSignIn(loginPath, READ_ONLY_EMAIL, DEMO_PASSWORD);
      expect(new URL(locationOf(throttled), instances.proxy.url).searchParams.get('error')).toBe('throttled');
      // The counts are where the configuration says, and only there.
      expect((await counterRows()) > 0).toBe(storeKind === 'database');
    });

    it('refuses a client over a rate limit on every instance, each having seen half of its requests', async () => {
      const statuses: number[] = [];
      for (let request = 0; request <= FORGOT_PASSWORD_RATE_LIMIT.max; request++) {
        const answer = await fetch(`${instances.proxy.url}${endpointUrl(forgotPasswordEndpoint)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `nobody-${String(request)}@merchant.demo` }),
        });
        statuses.push(answer.status);
      }
      expect(statuses.slice(0, FORGOT_PASSWORD_RATE_LIMIT.max).every((status) => status === 202)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });
  },
);
