import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@portal/contracts/api';
import { endpointUrl } from '@portal/contracts/endpoint';
import { passwordLinkEndpoints } from '@portal/contracts/passwords-endpoints';
import { checkSignIn } from '../../auth/provider/sign-in.js';
import { MAIN_MERCHANT } from '../../seed/demo-merchants.js';
import { DEMO_PASSWORD } from '../../seed/demo-users.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';
import { insertTeamUser, latestLinkToken } from '../../test/user-fixtures.js';
import { FORGOT_PASSWORD_RATE_LIMIT } from './routes.js';
import { RESET_EMAILS_PER_HOUR } from './service.js';

const activationLink = passwordLinkEndpoints.ACTIVATION.check;
const resetLink = passwordLinkEndpoints.RESET.check;

const NEW_PASSWORD = 'Quiet-Harbour-Lantern-42';

describe.each(TEST_DIALECTS)('passwords (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let mainId: string;
  /** Each test's requests come from an address of their own, so that the per-address limits stay apart. */
  let address = 0;
  const nextAddress = () => `10.0.0.${String((address += 1))}`;

  const post = (
    url: string,
    payload: object,
    headers: Record<string, string> = {},
    remoteAddress = '10.1.0.1',
  ) =>
    testApp.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload,
      remoteAddress,
    });
  const get = (url: string) => testApp.app.inject({ method: 'GET', url, remoteAddress: '10.1.0.2' });
  const refusal = (response: { statusCode: number; json: () => unknown }) => ({
    status: response.statusCode,
    ...errorBodySchema.parse(response.json()).error,
  });
  const signIn = (email: string, password: string) =>
    checkSignIn(testApp.database.db, testApp.app.limits, { email, password, address: nextAddress() });
  const userRow = (id: string) =>
    testApp.database.db
      .selectFrom('users')
      .select(['status', 'password_hash'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const emailsTo = async (to: string, template: string) =>
    (
      await testApp.database.db
        .selectFrom('outbound_emails')
        .select('id')
        .where('to_address', '=', to)
        .where('template', '=', template)
        .execute()
    ).length;
  /** An invited user with a fresh activation link, made through the API as an admin would. */
  const invite = async () => {
    const user = await insertTeamUser(testApp.database.db, mainId, { role: 'USER', status: 'INVITED' });
    const admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
    const resent = await post(`/api/users/${user.id}/invitation`, {}, admin);
    expect(resent.statusCode).toBe(200);
    return { ...user, token: await latestLinkToken(testApp.database.db, user.email, 'invitation') };
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    await seedDemoData(testApp.database.db, { size: 'small' });
    mainId = await merchantIdByName(testApp.database.db, MAIN_MERCHANT);
  });

  afterAll(async () => {
    await testApp.close();
  });

  describe('activation', () => {
    it('creates the password once: the user becomes ACTIVE and signs in; the link then answers 410', async () => {
      const user = await invite();
      expect((await get(endpointUrl(activationLink, { token: user.token }))).json()).toEqual({
        data: { email: user.email },
      });
      const done = await post(endpointUrl(activationLink, { token: user.token }), { password: NEW_PASSWORD });
      expect(done.json()).toEqual({ data: { email: user.email } });
      expect((await userRow(user.id)).status).toBe('ACTIVE');
      expect(await signIn(user.email, NEW_PASSWORD)).toEqual({
        kind: 'signed-in',
        accountId: user.id,
      });

      const again = await post(endpointUrl(activationLink, { token: user.token }), {
        password: 'Another-Long-Password-9',
      });
      expect(refusal(again)).toMatchObject({ status: 410, code: 'GONE', reason: 'password.link_invalid' });
      expect(refusal(await get(endpointUrl(activationLink, { token: user.token })))).toMatchObject({
        status: 410,
      });
      const entries = await testApp.database.db
        .selectFrom('audit_entries')
        .select(['kind', 'actor_email'])
        .where('subject_id', '=', user.id)
        .where('kind', '=', 'user.activated')
        .execute();
      expect(entries).toEqual([{ kind: 'user.activated', actor_email: user.email }]);
    });

    it('answers an expired, unknown or wrong-purpose link exactly like a used one', async () => {
      const user = await invite();
      const answers = [
        await get(endpointUrl(activationLink, { token: 'x'.repeat(43) })),
        await get(endpointUrl(resetLink, { token: user.token })),
      ];
      await testApp.database.db
        .updateTable('user_tokens')
        .set({ expires_at: new Date(Date.now() - 1_000).toISOString() })
        .where('user_id', '=', user.id)
        .execute();
      answers.push(await get(endpointUrl(activationLink, { token: user.token })));
      answers.push(
        await post(endpointUrl(activationLink, { token: user.token }), { password: NEW_PASSWORD }),
      );
      const bodies = answers.map((answer) => refusal(answer));
      expect(bodies.every((body) => body.status === 410 && body.message === bodies[0]?.message)).toBe(true);
      expect((await userRow(user.id)).status).toBe('INVITED');
    });

    it('refuses a password that breaks a rule, with the rule on body.password, and keeps the link', async () => {
      const user = await invite();
      for (const password of ['Short-pw-1', user.email.toUpperCase() + '!x', 'Password-1234']) {
        const refused = await post(endpointUrl(activationLink, { token: user.token }), { password });
        expect(refusal(refused)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
        expect(refusal(refused).details?.[0]?.path).toBe('body.password');
      }
      expect((await get(endpointUrl(activationLink, { token: user.token }))).statusCode).toBe(200);
    });

    it("says that the e-mail's name part is refused too, naming it", async () => {
      const user = await invite();
      const name = user.email.split('@')[0] ?? '';
      const refused = await post(endpointUrl(activationLink, { token: user.token }), {
        password: `Quiet-${name}-Harbour-42`,
      });
      expect(refusal(refused).details?.[0]).toEqual({
        path: 'body.password',
        message: `The password may not contain your e-mail address or its name "${name}", whatever the capitals or punctuation`,
        reason: 'password.contains_email_name',
        params: { name },
      });
    });
  });

  describe('forgot password and reset', () => {
    it('answers the same for an active, an unknown, a removed and an other-brand account; only the first gets an e-mail', async () => {
      const active = await insertTeamUser(testApp.database.db, mainId, { role: 'USER' });
      const removed = await insertTeamUser(testApp.database.db, mainId, { role: 'USER', status: 'DISABLED' });
      const ip = nextAddress();
      const answers = await Promise.all(
        [active.email, 'nobody@nowhere.test', removed.email, 'admin@rbc-merchant.demo'].map((email) =>
          post('/api/passwords/forgot', { email }, {}, ip),
        ),
      );
      for (const answer of answers) {
        expect(answer.statusCode).toBe(202);
        expect(answer.json()).toEqual({ accepted: true });
      }
      expect(await emailsTo(active.email, 'password-reset')).toBe(1);
      expect(await emailsTo(removed.email, 'password-reset')).toBe(0);
      // The rbc merchant's admin signs in on the rbc portal, not on this bread one.
      expect(await emailsTo('admin@rbc-merchant.demo', 'password-reset')).toBe(0);
    });

    it('resets the password once, and the old password stops working', async () => {
      const user = await insertTeamUser(testApp.database.db, mainId, { role: 'USER' });
      await post(
        '/api/passwords/forgot',
        { email: user.email.toUpperCase(), locale: 'fr-CA' },
        {},
        nextAddress(),
      );
      const token = await latestLinkToken(testApp.database.db, user.email, 'password-reset');

      expect(
        (await post(endpointUrl(resetLink, { token: token }), { password: NEW_PASSWORD })).statusCode,
      ).toBe(200);
      expect((await userRow(user.id)).status).toBe('ACTIVE');
      expect((await signIn(user.email, NEW_PASSWORD)).kind).toBe('signed-in');
      expect((await signIn(user.email, DEMO_PASSWORD)).kind).toBe('invalid');
      expect(
        refusal(await post(endpointUrl(resetLink, { token: token }), { password: 'Yet-Another-Password-77' }))
          .status,
      ).toBe(410);
    });

    it('a reset link expires after its hour', async () => {
      const user = await insertTeamUser(testApp.database.db, mainId, { role: 'USER' });
      await post('/api/passwords/forgot', { email: user.email }, {}, nextAddress());
      const row = await testApp.database.db
        .selectFrom('user_tokens')
        .select(['created_at', 'expires_at'])
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(3_600_000);
      await testApp.database.db
        .updateTable('user_tokens')
        .set({ expires_at: new Date(Date.now() - 1).toISOString() })
        .where('user_id', '=', user.id)
        .execute();
      const token = await latestLinkToken(testApp.database.db, user.email, 'password-reset');
      expect(
        refusal(await post(endpointUrl(resetLink, { token: token }), { password: NEW_PASSWORD })).status,
      ).toBe(410);
    });

    it(`sends one account at most ${String(RESET_EMAILS_PER_HOUR)} e-mails an hour, answering the same`, async () => {
      const user = await insertTeamUser(testApp.database.db, mainId, { role: 'USER' });
      for (let attempt = 0; attempt < RESET_EMAILS_PER_HOUR + 2; attempt += 1) {
        const answer = await post('/api/passwords/forgot', { email: user.email }, {}, nextAddress());
        expect(answer.statusCode).toBe(202);
      }
      expect(await emailsTo(user.email, 'password-reset')).toBe(RESET_EMAILS_PER_HOUR);
    });

    it('limits the requests of one address (429)', async () => {
      const ip = nextAddress();
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= FORGOT_PASSWORD_RATE_LIMIT.max; attempt += 1) {
        statuses.push((await post('/api/passwords/forgot', { email: 'x@nowhere.test' }, {}, ip)).statusCode);
      }
      expect(statuses.slice(0, -1).every((status) => status === 202)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });
  });

  describe('changing one password while signed in', () => {
    it('needs the current password and the rules, then changes it', async () => {
      const headers = await authHeader(testApp.database, config, { role: 'READ_ONLY' });
      // The user authHeader signs for: the first ACTIVE READ_ONLY user of the merchant by e-mail.
      const me = await testApp.database.db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('merchant_id', '=', mainId)
        .where('role', '=', 'READ_ONLY')
        .where('status', '=', 'ACTIVE')
        .orderBy('email')
        .executeTakeFirstOrThrow();
      const wrong = await post(
        '/api/passwords/change',
        { currentPassword: 'not-it', newPassword: NEW_PASSWORD },
        headers,
      );
      expect(refusal(wrong)).toMatchObject({ status: 400, details: [{ path: 'body.currentPassword' }] });
      const weak = await post(
        '/api/passwords/change',
        { currentPassword: DEMO_PASSWORD, newPassword: 'short' },
        headers,
      );
      expect(refusal(weak).details?.[0]?.path).toBe('body.newPassword');
      expect(
        (
          await post(
            '/api/passwords/change',
            { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD },
            headers,
          )
        ).statusCode,
      ).toBe(204);
      expect((await signIn(me.email, NEW_PASSWORD)).kind).toBe('signed-in');
      expect((await signIn(me.email, DEMO_PASSWORD)).kind).toBe('invalid');
      expect(
        (await post('/api/passwords/change', { currentPassword: 'x', newPassword: 'y' }, {})).statusCode,
      ).toBe(401);
    });
  });
});
