import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_KEY_SECRET_PATTERN,
  accessKeyListSchema,
  accessKeyWithSecretSchema,
  type AccessKeyScopes,
} from '@portal/contracts/access-keys';
import { dataResponseSchema } from '@portal/contracts/api';
import { DAY_MS } from '@portal/contracts/constants';
import { transactionListResponseSchema } from '@portal/contracts/transactions';
import { MAIN_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { cartInput } from '../../test/cart-fixtures.js';
import { buildTestApp, jsonRequest, type TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';
import { queueExpiryWarnings } from './expiry-warning-job.js';

const MERCHANT_B = 'Lakeside Furniture Co.';
const created = dataResponseSchema(accessKeyWithSecretSchema);
const listed = dataResponseSchema(accessKeyListSchema);
const ALL: AccessKeyScopes = { carts: 'write', transactions: 'write' };
type Headers = Record<string, string>;

describe.each(TEST_DIALECTS)('access keys and the merchant API (%s)', (dialect) => {
  const config = testConfig();
  const lines: string[] = [];
  /** Every secret handed out, to look for in every later answer and in the log. */
  const secrets: string[] = [];
  let testApp: TestApp;
  let mainId: string;
  let bId: string;
  let admin: Headers;
  let bAdmin: Headers;
  let address = 0;

  const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
    testApp.app.inject({
      method,
      url,
      ...jsonRequest(headers, payload),
      remoteAddress: `10.14.0.${String((address += 1) % 250)}`,
    });
  const createKey = async (
    body: { name?: string; scopes?: AccessKeyScopes; expiresAt?: string | null } = {},
    headers = admin,
  ) => {
    const response = await call('POST', '/api/access-keys', headers, {
      name: body.name ?? 'Shop server',
      scopes: body.scopes ?? ALL,
      expiresAt: body.expiresAt ?? null,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { data } = created.parse(response.json());
    secrets.push(data.secret);
    return data;
  };
  const bearer = (secret: string): Headers => ({ authorization: `Bearer ${secret}` });
  const transactions = (secret: string, query = 'limit=100') =>
    call('GET', `/api/merchant-api/v1/transactions?${query}`, bearer(secret));
  const refusal = (response: { json: () => unknown }) =>
    (response.json() as { error: { reason?: string } }).error.reason;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    testApp = await buildTestApp({ dialect, config, logger: pino({ level: 'trace' }, sink) });
    await seedDemoData(testApp.database.db, { size: 'small' });
    mainId = await merchantIdByName(testApp.database.db, MAIN_MERCHANT);
    bId = await merchantIdByName(testApp.database.db, MERCHANT_B);
    admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
    bAdmin = await authHeader(testApp.database, config, { role: 'ADMIN', merchantId: bId });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('creates a key whose secret is shown once, stored hashed, and audited without it', async () => {
    const { key, secret } = await createKey({ name: 'Checkout server' });
    expect(secret).toMatch(ACCESS_KEY_SECRET_PATTERN);
    expect(secret.startsWith(`${key.id}.sk_`)).toBe(true);
    expect(key).toMatchObject({ name: 'Checkout server', status: 'ACTIVE', scopes: ALL, lastUsedAt: null });

    const list = await call('GET', '/api/access-keys', admin);
    expect(list.statusCode).toBe(200);
    expect(listed.parse(list.json()).data.items.map((item) => item.id)).toContain(key.id);
    const secretPart = secret.split('.')[1] ?? '';
    expect(list.body).not.toContain(secretPart);

    const row = await testApp.database.db
      .selectFrom('access_keys')
      .selectAll()
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secretPart);
    const audit = await testApp.database.db
      .selectFrom('audit_entries')
      .select(['kind', 'after'])
      .where('subject_id', '=', key.id)
      .execute();
    expect(audit.map((entry) => entry.kind)).toEqual(['access_key.created']);
    expect(JSON.stringify(audit)).not.toContain(secretPart);
  });

  it('refuses the page without its scope, and changes to those who may only read it', async () => {
    for (const role of ['USER', 'READ_ONLY'] as const) {
      const headers = await authHeader(testApp.database, config, { role });
      expect((await call('GET', '/api/access-keys', headers)).statusCode).toBe(403);
    }
    const { key } = await createKey();
    const support = await authHeader(testApp.database, config, {
      role: 'INTERNAL_SUPPORT',
      merchantId: mainId,
    });
    expect((await call('GET', '/api/access-keys', support)).statusCode).toBe(200);
    const body = { name: 'Support key', scopes: ALL, expiresAt: null };
    expect((await call('POST', '/api/access-keys', support, body)).statusCode).toBe(403);
    const rotate = await call('POST', `/api/access-keys/${key.id}/rotate`, support, { overlap: 'NOW' });
    expect(rotate.statusCode).toBe(403);
    expect((await call('POST', `/api/access-keys/${key.id}/revoke`, support)).statusCode).toBe(403);
  });

  it("answers another merchant's key id as an unknown one", async () => {
    const { key, secret } = await createKey();
    const rotate = await call('POST', `/api/access-keys/${key.id}/rotate`, bAdmin, { overlap: 'NOW' });
    expect(rotate.statusCode).toBe(404);
    expect(refusal(rotate)).toBe('access_key.not_found');
    expect((await call('POST', `/api/access-keys/${key.id}/revoke`, bAdmin)).statusCode).toBe(404);
    const bList = await call('GET', '/api/access-keys', bAdmin);
    expect(bList.body).not.toContain(key.id);
    // Untouched: the key still works.
    expect((await transactions(secret)).statusCode).toBe(200);
  });

  it('refuses a missing, malformed or unknown key, and a portal token, with 401', async () => {
    const { key, secret } = await createKey();
    const none = await call('GET', '/api/merchant-api/v1/transactions', {});
    expect(none.statusCode).toBe(401);
    expect(refusal(none)).toBe('api_key.missing');
    for (const malformed of ['nonsense', `${key.id}.sk_short`, `${key.id}:${secret.split('.')[1] ?? ''}`]) {
      const response = await transactions(malformed);
      expect(response.statusCode).toBe(401);
      expect(refusal(response)).toBe('api_key.malformed');
    }
    const portal = await call('GET', '/api/merchant-api/v1/transactions', admin);
    expect(portal.statusCode).toBe(401);
    const wrongSecret = await transactions(`${key.id}.sk_${'A'.repeat(43)}`);
    expect(wrongSecret.statusCode).toBe(401);
    expect(refusal(wrongSecret)).toBe('api_key.not_valid');
    const unknownId = await transactions(
      `00000000-0000-4000-8000-000000000000.${secret.split('.')[1] ?? ''}`,
    );
    expect(refusal(unknownId)).toBe('api_key.not_valid');
    // And a key opens no portal route.
    expect((await call('GET', '/api/transactions', bearer(secret))).statusCode).toBe(401);
  });

  it('refuses an expired key', async () => {
    const { key, secret } = await createKey({ expiresAt: new Date(Date.now() + DAY_MS).toISOString() });
    expect((await transactions(secret)).statusCode).toBe(200);
    await testApp.database.db
      .updateTable('access_keys')
      .set({ expires_at: new Date(Date.now() - 1_000).toISOString() })
      .where('id', '=', key.id)
      .execute();
    const response = await transactions(secret);
    expect(response.statusCode).toBe(401);
    expect(refusal(response)).toBe('api_key.expired');
  });

  it('refuses an expiry in the past at creation', async () => {
    const response = await call('POST', '/api/access-keys', admin, {
      name: 'Too late',
      scopes: ALL,
      expiresAt: new Date(Date.now() - DAY_MS).toISOString(),
    });
    expect(response.statusCode).toBe(422);
    expect(refusal(response)).toBe('access_key.expiry_in_past');
  });

  it('refuses a revoked key from the next request on, and audits the revocation', async () => {
    const { key, secret } = await createKey();
    expect((await transactions(secret)).statusCode).toBe(200);
    const revoked = await call('POST', `/api/access-keys/${key.id}/revoke`, admin);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ data: { status: 'REVOKED' } });
    const response = await transactions(secret);
    expect(response.statusCode).toBe(401);
    expect(refusal(response)).toBe('api_key.revoked');
    const rotate = await call('POST', `/api/access-keys/${key.id}/rotate`, admin, { overlap: 'NOW' });
    expect(rotate.statusCode).toBe(409);
    const kinds = await testApp.database.db
      .selectFrom('audit_entries')
      .select('kind')
      .where('subject_id', '=', key.id)
      .execute();
    expect(kinds.map((entry) => entry.kind).sort()).toEqual(['access_key.created', 'access_key.revoked']);
  });

  it('keeps the old secret for the overlap of a rotation, and refuses it after', async () => {
    const { key, secret: first } = await createKey();
    const rotated = await call('POST', `/api/access-keys/${key.id}/rotate`, admin, { overlap: 'ONE_HOUR' });
    expect(rotated.statusCode).toBe(200);
    const { data } = created.parse(rotated.json());
    secrets.push(data.secret);
    expect(data.secret).not.toBe(first);
    expect(data.key.previousSecretValidUntil?.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect((await transactions(first)).statusCode).toBe(200);
    expect((await transactions(data.secret)).statusCode).toBe(200);

    await testApp.database.db
      .updateTable('access_keys')
      .set({ previous_secret_valid_until: new Date(Date.now() - 1_000).toISOString() })
      .where('id', '=', key.id)
      .execute();
    const old = await transactions(first);
    expect(old.statusCode).toBe(401);
    expect(refusal(old)).toBe('api_key.secret_rotated');
    expect((await transactions(data.secret)).statusCode).toBe(200);

    // With no overlap, the secret it replaces stops at once.
    const again = await call('POST', `/api/access-keys/${key.id}/rotate`, admin, { overlap: 'NOW' });
    const third = created.parse(again.json()).data.secret;
    secrets.push(third);
    expect((await transactions(data.secret)).statusCode).toBe(401);
    expect((await transactions(third)).statusCode).toBe(200);
    const audit = await testApp.database.db
      .selectFrom('audit_entries')
      .select('after')
      .where('subject_id', '=', key.id)
      .where('kind', '=', 'access_key.rotated')
      .execute();
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain('sk_');
  });

  it('refuses a call that the key’s scopes do not grant', async () => {
    const { secret: readOnly } = await createKey({ scopes: { carts: 'read', transactions: 'read' } });
    const cart = await call('POST', '/api/merchant-api/v1/carts', bearer(readOnly), cartInput());
    expect(cart.statusCode).toBe(403);
    expect(refusal(cart)).toBe('api_key.missing_scope');
    const { secret: cartsOnly } = await createKey({ scopes: { carts: 'write', transactions: 'none' } });
    expect((await transactions(cartsOnly)).statusCode).toBe(403);
  });

  it("creates a cart for the key's merchant, in the name of the key's creator", async () => {
    const { secret } = await createKey({ scopes: { carts: 'write', transactions: 'none' } });
    const response = await call('POST', '/api/merchant-api/v1/carts', bearer(secret), cartInput());
    expect(response.statusCode, response.body).toBe(201);
    const cartId = response.json<{ data: { id: string } }>().data.id;
    const row = await testApp.database.db
      .selectFrom('carts')
      .select(['merchant_id', 'created_by_email'])
      .where('id', '=', cartId)
      .executeTakeFirstOrThrow();
    expect(row.merchant_id).toBe(mainId);
    const portal = await call('GET', `/api/carts/${cartId}`, admin);
    expect(portal.statusCode).toBe(200);
    expect((await call('GET', `/api/carts/${cartId}`, bAdmin)).statusCode).toBe(403);
  });

  it("answers only the key's merchant's transactions", async () => {
    const { secret } = await createKey({ scopes: { carts: 'none', transactions: 'read' } });
    const { secret: bSecret } = await createKey({ scopes: ALL }, bAdmin);
    const { db } = testApp.database;
    const ids = async (merchantId: string) =>
      new Set(
        (
          await db.selectFrom('transactions').select('id').where('merchant_id', '=', merchantId).execute()
        ).map((row) => row.id),
      );
    const mine = await ids(mainId);
    const theirs = await ids(bId);
    expect(theirs.size).toBeGreaterThan(0);

    const response = await transactions(secret);
    expect(response.statusCode).toBe(200);
    const page = transactionListResponseSchema.parse(response.json()).data;
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((item) => mine.has(item.id))).toBe(true);
    const portal = await call('GET', '/api/transactions?limit=100', admin);
    expect(transactionListResponseSchema.parse(portal.json()).data.pagination.total).toBe(
      page.pagination.total,
    );

    const [oneOfMine] = page.items;
    const one = await call('GET', `/api/merchant-api/v1/transactions/${oneOfMine?.id ?? ''}`, bearer(secret));
    expect(one.statusCode).toBe(200);
    const [oneOfTheirs] = [...theirs];
    const other = await call('GET', `/api/merchant-api/v1/transactions/${oneOfTheirs ?? ''}`, bearer(secret));
    expect(other.statusCode).toBe(404);
    // And merchant B's key reaches none of merchant A's.
    const bPage = transactionListResponseSchema.parse((await transactions(bSecret)).json()).data;
    expect(bPage.items.some((item) => mine.has(item.id))).toBe(false);
  });

  it('records the last use, its address, at most once a minute', async () => {
    const { key, secret } = await createKey();
    await testApp.app.inject({
      method: 'GET',
      url: '/api/merchant-api/v1/transactions',
      headers: bearer(secret),
      remoteAddress: '192.0.2.7',
    });
    await testApp.app.inject({
      method: 'GET',
      url: '/api/merchant-api/v1/transactions',
      headers: bearer(secret),
      remoteAddress: '192.0.2.8',
    });
    const items = listed.parse((await call('GET', '/api/access-keys', admin)).json()).data.items;
    const used = items.find((item) => item.id === key.id);
    expect(used?.lastUsedAddress).toBe('192.0.2.7');
    expect(used?.lastUsedAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('warns the merchant’s admins once, in its language, a week before a key expires', async () => {
    const { db } = testApp.database;
    const soon = await createKey({
      name: 'Expiring soon',
      expiresAt: new Date(Date.now() + 3 * DAY_MS).toISOString(),
    });
    const later = await createKey({
      name: 'Expiring later',
      expiresAt: new Date(Date.now() + 30 * DAY_MS).toISOString(),
    });
    const warnings = (id: string) =>
      db
        .selectFrom('outbound_emails')
        .select(['to_address', 'subject', 'locale'])
        .where('template', '=', 'access-key-expiry')
        .where('related_id', '=', id)
        .execute();
    expect(await queueExpiryWarnings(db, config)).toBeGreaterThanOrEqual(1);
    const sent = await warnings(soon.key.id);
    const admins = await db
      .selectFrom('users')
      .select('email')
      .where('merchant_id', '=', mainId)
      .where('role', '=', 'ADMIN')
      .where('status', '=', 'ACTIVE')
      .execute();
    expect(sent.map((mail) => mail.to_address).sort()).toEqual(admins.map((user) => user.email).sort());
    expect(sent[0]?.subject).toContain('Expiring soon');
    expect(await queueExpiryWarnings(db, config)).toBe(0);
    expect(await warnings(soon.key.id)).toHaveLength(sent.length);
    expect(await warnings(later.key.id)).toHaveLength(0);
  });

  // Last: after every call above.
  it('never shows a secret again, in an answer or a log line', async () => {
    const list = await call('GET', '/api/access-keys', admin);
    const audit = await call('GET', '/api/audit-entries?limit=100', admin);
    expect(secrets.length).toBeGreaterThan(5);
    for (const secret of secrets) {
      const part = secret.split('.')[1] ?? '';
      expect(list.body).not.toContain(part);
      expect(audit.body).not.toContain(part);
      expect(lines.filter((line) => line.includes(part))).toEqual([]);
    }
    expect(lines.length).toBeGreaterThan(50);
    // No header is written, so neither a key's secret nor a portal token.
    expect(lines.filter((line) => /"authorization"\s*:|Bearer [\w-]{20,}/i.test(line))).toEqual([]);
  });
});
