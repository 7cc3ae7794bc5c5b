import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoutEndpoint, tokenExchangeEndpoint } from '@portal/contracts/auth-endpoints';
import { PORTAL_APP_ID } from '@portal/contracts/auth';
import { NO_MERCHANT_ID } from '@portal/contracts/roles';
import type { Role } from '@portal/contracts/roles';
import { endpointUrl } from '@portal/contracts/endpoint';
import { removeUserEndpoint, updateUserRoleEndpoint } from '@portal/contracts/users-endpoints';
import { buildApp } from '../../app.js';
import { MAIN_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp, type TestApp, jsonRequest } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';
import { activePrograms, insertTransactionFixtures } from '../../test/transaction-fixtures.js';
import { builtInProviderToken, insertTeamUser } from '../../test/user-fixtures.js';

type Headers = Record<string, string>;

/**
 * Finding: removed, demoted and signed-out users kept their powers until their portal token expired.
 * Each of these now takes effect at the very next request (docs/auth.md, "Sessions").
 */
describe.each(TEST_DIALECTS)('the next request after a removal, a demotion or a sign-out (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let mainId: string;
  let programId: string;
  let admin: Headers;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    testApp.app.inject({
      method,
      url,
      ...jsonRequest(headers, payload),
    });

  /** A team member signed in as the portal does it: the provider's token exchanged for a portal token. */
  async function signedIn(role: Role): Promise<{ id: string; headers: Headers }> {
    const user = await insertTeamUser(testApp.database.db, mainId, { role });
    const providerToken = await builtInProviderToken(testApp.database.db, config, user);
    const exchanged = await call(
      'POST',
      endpointUrl(tokenExchangeEndpoint),
      { authorization: `Bearer ${providerToken}` },
      { appID: PORTAL_APP_ID, merchantID: NO_MERCHANT_ID },
    );
    expect(exchanged.statusCode).toBe(200);
    return { id: user.id, headers: { authorization: `Bearer ${exchanged.json<{ token: string }>().token}` } };
  }

  async function newTransaction(): Promise<string> {
    const [row] = await insertTransactionFixtures(testApp.database.db, [
      { merchant_id: mainId, program_id: programId },
    ]);
    if (row === undefined) throw new Error('no fixture');
    return row.id;
  }

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    await seedDemoData(testApp.database.db, { size: 'small' });
    mainId = await merchantIdByName(testApp.database.db, MAIN_MERCHANT);
    programId = (await activePrograms(testApp.database.db, mainId))[0]?.id ?? '';
    admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('refuses a removed user at once: 401, and the transaction stays unsettled', async () => {
    const user = await signedIn('USER');
    expect(
      (await call('POST', `/api/transactions/${await newTransaction()}/settle`, user.headers, {})).statusCode,
    ).toBe(200);

    expect((await call('DELETE', endpointUrl(removeUserEndpoint, { id: user.id }), admin)).statusCode).toBe(
      200,
    );
    const transactionId = await newTransaction();
    const settle = await call('POST', `/api/transactions/${transactionId}/settle`, user.headers, {});
    expect(settle.statusCode).toBe(401);
    expect(settle.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    const events = await testApp.database.db
      .selectFrom('transaction_events')
      .select('id')
      .where('transaction_id', '=', transactionId)
      .execute();
    expect(events).toEqual([]);
  });

  it("refuses a demoted admin's older token at once: it creates no admin any more", async () => {
    const demoted = await signedIn('ADMIN');
    const invite = (email: string) =>
      call('POST', '/api/users', demoted.headers, {
        firstName: 'New',
        lastName: 'Admin',
        email,
        role: 'ADMIN',
      });
    expect((await invite(`first.${demoted.id.slice(0, 8)}@team.test`)).statusCode).toBe(201);

    expect(
      (
        await call('PUT', endpointUrl(updateUserRoleEndpoint, { id: demoted.id }), admin, {
          role: 'READ_ONLY',
        })
      ).statusCode,
    ).toBe(200);
    const email = `second.${demoted.id.slice(0, 8)}@team.test`;
    expect((await invite(email)).statusCode).toBe(401);
    const created = await testApp.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(created).toEqual([]);
  });

  it('signs out on the server: the token is refused at once (204, then 401 on every call)', async () => {
    const user = await signedIn('READ_ONLY');
    const other = await signedIn('READ_ONLY');
    expect((await call('GET', '/api/merchants/current', user.headers)).statusCode).toBe(200);

    const logout = await call('POST', endpointUrl(logoutEndpoint), user.headers);
    expect(logout.statusCode).toBe(204);
    expect(logout.body).toBe('');
    expect((await call('GET', '/api/merchants/current', user.headers)).statusCode).toBe(401);
    expect((await call('POST', endpointUrl(logoutEndpoint), user.headers)).statusCode).toBe(401);
    // Another user's sign-in goes on.
    expect((await call('GET', '/api/merchants/current', other.headers)).statusCode).toBe(200);
    expect((await call('POST', endpointUrl(logoutEndpoint), {})).statusCode).toBe(401);
  });

  it('holds on every instance: another app on the same database refuses the token too', async () => {
    const user = await signedIn('READ_ONLY');
    const second = await buildApp({ config, database: testApp.database, logger: testApp.app.log });
    try {
      const read = () =>
        second.inject({ method: 'GET', url: '/api/merchants/current', headers: user.headers });
      expect((await read()).statusCode).toBe(200);
      expect((await call('POST', endpointUrl(logoutEndpoint), user.headers)).statusCode).toBe(204);
      expect((await read()).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });
});
