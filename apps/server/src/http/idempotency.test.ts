import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@portal/contracts/api';
import { MAIN_MERCHANT } from '../seed/demo-merchants.js';
import { seedDemoData } from '../seed/seed.js';
import { cartInput } from '../test/cart-fixtures.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { TEST_DIALECTS } from '../test/test-database.js';
import { authHeader, merchantIdByName, testConfig } from '../test/tokens.js';
import { IDEMPOTENT_REPLAY_HEADER } from './idempotency.js';

const OTHER_MERCHANT = 'Lakeside Furniture Co.';
const REPLAYED = IDEMPOTENT_REPLAY_HEADER.toLowerCase();

describe.each(TEST_DIALECTS)('Idempotency-Key on creating requests (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let admin: Record<string, string>;
  let otherAdmin: Record<string, string>;

  const post = (url: string, payload: object, headers: Record<string, string>) =>
    testApp.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload,
    });
  const cartsNamed = async (name: string) =>
    (await testApp.database.db.selectFrom('carts').select('id').where('name', '=', name).execute()).length;

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    await seedDemoData(testApp.database.db, { size: 'small' });
    admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
    otherAdmin = await authHeader(testApp.database, config, {
      role: 'ADMIN',
      merchantId: await merchantIdByName(testApp.database.db, OTHER_MERCHANT),
    });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('creates a cart once for a retried key and gives the first answer again', async () => {
    const name = `Retried ${randomUUID()}`;
    const key = { ...admin, 'idempotency-key': randomUUID() };
    // One body: a fresh cartInput() has an expiry of its own.
    const body = cartInput({ name });
    const first = await post('/api/carts', body, key);
    const again = await post('/api/carts', body, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(first.headers[REPLAYED]).toBeUndefined();
    expect(again.headers[REPLAYED]).toBe('true');
    expect(await cartsNamed(name)).toBe(1);
  });

  it('refuses the same key with another body (422) and keeps keys apart per merchant', async () => {
    const name = `Keyed ${randomUUID()}`;
    const key = randomUUID();
    expect(
      (await post('/api/carts', cartInput({ name }), { ...admin, 'idempotency-key': key })).statusCode,
    ).toBe(201);
    const other = await post('/api/carts', cartInput({ name: `${name} 2` }), {
      ...admin,
      'idempotency-key': key,
    });
    expect(other.statusCode).toBe(422);
    expect(errorBodySchema.parse(other.json()).error).toMatchObject({
      code: 'UNPROCESSABLE',
      message: expect.stringContaining('Idempotency-Key') as string,
    });
    // Another merchant's request with the same key is its own request.
    const elsewhere = await post('/api/carts', cartInput({ name }), {
      ...otherAdmin,
      'idempotency-key': key,
    });
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.headers[REPLAYED]).toBeUndefined();
    expect(await cartsNamed(name)).toBe(2);
  });

  it('creates once when duplicates race', async () => {
    const name = `Raced ${randomUUID()}`;
    const key = { ...admin, 'idempotency-key': randomUUID() };
    const body = cartInput({ name });
    const answers = await Promise.all(Array.from({ length: 6 }, () => post('/api/carts', body, key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array<number>(6).fill(201));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await cartsNamed(name)).toBe(1);
  });

  it('invites a user once for a retried key', async () => {
    const email = `invited.${randomUUID().slice(0, 8)}@team.test`;
    const body = { email, firstName: 'Ida', lastName: 'Invited', role: 'USER' };
    const key = { ...admin, 'idempotency-key': randomUUID() };
    const answers = await Promise.all([post('/api/users', body, key), post('/api/users', body, key)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const again = await post('/api/users', body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers[REPLAYED]).toBe('true');
    const rows = await testApp.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('acts on every request without a key, and refuses a malformed key with 400', async () => {
    const name = `Unkeyed ${randomUUID()}`;
    expect((await post('/api/carts', cartInput({ name }), admin)).statusCode).toBe(201);
    expect((await post('/api/carts', cartInput({ name }), admin)).statusCode).toBe(201);
    expect(await cartsNamed(name)).toBe(2);
    const malformed = await post('/api/carts', cartInput({ name }), {
      ...admin,
      'idempotency-key': 'two words',
    });
    expect(malformed.statusCode).toBe(400);
    expect(errorBodySchema.parse(malformed.json()).error.details?.[0]?.path).toBe('headers.idempotency-key');
    expect(await cartsNamed(name)).toBe(2);
  });

  it('keeps the answers of the main merchant under its own caller', async () => {
    const mainId = await merchantIdByName(testApp.database.db, MAIN_MERCHANT);
    const kept = await testApp.database.db
      .selectFrom('idempotent_requests')
      .select('caller')
      .where('caller', '=', `merchant:${mainId}`)
      .execute();
    expect(kept.length).toBeGreaterThan(0);
  });
});
