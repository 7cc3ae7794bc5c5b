import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenExchangeEndpoint } from '@portal/contracts/auth-endpoints';
import { PORTAL_APP_ID } from '@portal/contracts/auth';
import { dataResponseSchema, errorBodySchema } from '@portal/contracts/api';
import { endpointUrl } from '@portal/contracts/endpoint';
import { passwordLinkEndpoints } from '@portal/contracts/passwords-endpoints';
import { NO_MERCHANT_ID } from '@portal/contracts/roles';
import { userListResponseSchema, userSchema } from '@portal/contracts/users';
import {
  removeUserEndpoint,
  resendInvitationEndpoint,
  restoreUserEndpoint,
  updateUserRoleEndpoint,
} from '@portal/contracts/users-endpoints';
import { MAIN_MERCHANT, RBC_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp, type TestApp, jsonRequest } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';
import { builtInProviderToken, insertTeamUser, latestLinkToken } from '../../test/user-fixtures.js';

const activationLink = passwordLinkEndpoints.ACTIVATION.check;

type Headers = Record<string, string>;
const userAnswer = dataResponseSchema(userSchema);
const ADMIN_EMAIL = 'admin@merchant.demo';

describe.each(TEST_DIALECTS)('user management (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let mainId: string;
  let rbcId: string;
  let admin: Headers;
  let adminId: string;
  let readOnly: Headers;
  /** INTERNAL_ADMIN with the main merchant chosen. */
  let provider: Headers;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    testApp.app.inject({
      method,
      url,
      ...jsonRequest(headers, payload),
    });
  const refusal = (response: { statusCode: number; json: () => unknown }) => ({
    status: response.statusCode,
    ...errorBodySchema.parse(response.json()).error,
  });
  const statusOf = async (id: string) =>
    await testApp.database.db
      .selectFrom('users')
      .select(['status', 'role'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const auditOf = (subjectId: string) =>
    testApp.database.db
      .selectFrom('audit_entries')
      .select(['kind', 'actor_email', 'merchant_id', 'before', 'after'])
      .where('subject_id', '=', subjectId)
      .orderBy('created_at')
      .execute();

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    await seedDemoData(testApp.database.db, { size: 'small' });
    mainId = await merchantIdByName(testApp.database.db, MAIN_MERCHANT);
    rbcId = await merchantIdByName(testApp.database.db, RBC_MERCHANT);
    admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
    readOnly = await authHeader(testApp.database, config, { role: 'READ_ONLY' });
    provider = await authHeader(testApp.database, config, { role: 'INTERNAL_ADMIN', merchantId: mainId });
    const row = await testApp.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', ADMIN_EMAIL)
      .executeTakeFirstOrThrow();
    adminId = row.id;
    // The demo data gives the merchant more admins; the last-admin rules need the demo admin alone.
    await testApp.database.db
      .updateTable('users')
      .set({ status: 'DISABLED' })
      .where('merchant_id', '=', mainId)
      .where('role', '=', 'ADMIN')
      .where('id', '!=', adminId)
      .execute();
  });

  afterAll(async () => {
    await testApp.close();
  });

  describe('the list', () => {
    it("shows only the token's merchant's team, searched, filtered, sorted and paged", async () => {
      const all = userListResponseSchema.parse((await call('GET', '/api/users', admin)).json()).data;
      const emails = all.items.map((user) => user.email);
      expect(emails).toEqual(
        expect.arrayContaining([ADMIN_EMAIL, 'user@merchant.demo', 'readonly@merchant.demo']),
      );
      expect(emails).not.toContain('admin@rbc-merchant.demo');
      expect(emails).not.toContain('internal.admin@provider.demo');

      const search = await call('GET', '/api/users?search=RILEY', admin);
      expect(userListResponseSchema.parse(search.json()).data.items.map((u) => u.email)).toEqual([
        'readonly@merchant.demo',
      ]);
      const byRole = userListResponseSchema.parse((await call('GET', '/api/users?role=ADMIN', admin)).json());
      expect(byRole.data.items.every((user) => user.role === 'ADMIN')).toBe(true);
      expect(byRole.data.items.map((user) => user.email)).toContain(ADMIN_EMAIL);

      const sorted = userListResponseSchema
        .parse((await call('GET', '/api/users?sort=email&order=desc&limit=25', admin)).json())
        .data.items.map((user) => user.email);
      expect(sorted).toEqual([...sorted].sort().reverse());
      const paged = userListResponseSchema.parse(
        (await call('GET', '/api/users?status=ACTIVE&limit=25&offset=1', admin)).json(),
      );
      expect(paged.data.pagination.offset).toBe(1);
      expect(paged.data.items.length).toBe(paged.data.pagination.total - 1);
    });

    it('needs r:merchant.users, and provider staff see the chosen merchant', async () => {
      expect(refusal(await call('GET', '/api/users', readOnly))).toMatchObject({
        status: 403,
        code: 'FORBIDDEN',
      });
      expect((await call('GET', '/api/users', {})).statusCode).toBe(401);
      const support = await authHeader(testApp.database, config, {
        role: 'INTERNAL_SUPPORT',
        merchantId: rbcId,
      });
      const rbcTeam = userListResponseSchema.parse((await call('GET', '/api/users', support)).json()).data;
      expect(rbcTeam.items.map((user) => user.email)).toContain('admin@rbc-merchant.demo');
      expect(rbcTeam.items.map((user) => user.email)).not.toContain(ADMIN_EMAIL);
      const unchosen = await authHeader(testApp.database, config, { role: 'INTERNAL_ADMIN' });
      expect((await call('GET', '/api/users', unchosen)).statusCode).toBe(403);
    });
  });

  describe('adding', () => {
    it('adds an INVITED user, e-mails the activation link and audits it', async () => {
      const response = await call('POST', '/api/users', admin, {
        firstName: 'Nova',
        lastName: 'Newcomer',
        email: 'Nova.Newcomer@Example.test',
        role: 'READ_ONLY',
      });
      expect(response.statusCode, response.body).toBe(201);
      const user = userAnswer.parse(response.json()).data;
      expect(user).toMatchObject({
        email: 'nova.newcomer@example.test',
        status: 'INVITED',
        role: 'READ_ONLY',
      });
      expect(user.invitedAt).not.toBeNull();

      const token = await latestLinkToken(testApp.database.db, user.email, 'invitation');
      const link = await call('GET', endpointUrl(activationLink, { token: token }), {});
      expect(link.json()).toEqual({ data: { email: user.email } });
      const stored = await testApp.database.db.selectFrom('user_tokens').select('token_hash').execute();
      expect(stored.map((row) => row.token_hash)).not.toContain(token);

      expect(await auditOf(user.id)).toEqual([
        expect.objectContaining({ kind: 'user.added', actor_email: ADMIN_EMAIL, merchant_id: mainId }),
      ]);
    });

    it('refuses an e-mail already in use with a 409 field error, in any case', async () => {
      const response = await call('POST', '/api/users', admin, {
        firstName: 'Dup',
        lastName: 'Licate',
        email: 'ADMIN@rbc-merchant.demo',
        role: 'USER',
      });
      expect(refusal(response)).toMatchObject({
        status: 409,
        code: 'CONFLICT',
        details: [
          {
            path: 'body.email',
            message: 'This e-mail is already in use',
            reason: 'user.email_taken',
            params: {},
          },
        ],
        reason: 'user.email_taken',
      });
    });

    it('refuses a bad e-mail (400 on body.email), provider roles and users without w:merchant.users', async () => {
      const bad = await call('POST', '/api/users', admin, {
        firstName: 'A',
        lastName: 'B',
        email: 'nope',
        role: 'USER',
      });
      expect(refusal(bad).details?.map((detail) => detail.path)).toContain('body.email');
      const staff = await call('POST', '/api/users', admin, {
        firstName: 'A',
        lastName: 'B',
        email: 'staff@example.test',
        role: 'INTERNAL_ADMIN',
      });
      expect(staff.statusCode).toBe(400);
      const denied = await call('POST', '/api/users', readOnly, {
        firstName: 'A',
        lastName: 'B',
        email: 'denied@example.test',
        role: 'USER',
      });
      expect(denied.statusCode).toBe(403);
    });

    it('resends an invitation: the earlier link stops working; an active user has none to resend', async () => {
      const invited = await insertTeamUser(testApp.database.db, mainId, { role: 'USER', status: 'INVITED' });
      expect(
        (await call('POST', endpointUrl(resendInvitationEndpoint, { id: invited.id }), admin, {})).statusCode,
      ).toBe(200);
      const first = await latestLinkToken(testApp.database.db, invited.email, 'invitation');
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(
        (
          await call('POST', endpointUrl(resendInvitationEndpoint, { id: invited.id }), admin, {
            locale: 'fr-CA',
          })
        ).statusCode,
      ).toBe(200);
      const second = await latestLinkToken(testApp.database.db, invited.email, 'invitation');
      expect(second).not.toBe(first);
      expect(refusal(await call('GET', endpointUrl(activationLink, { token: first }), {}))).toMatchObject({
        status: 410,
        code: 'GONE',
      });
      expect((await call('GET', endpointUrl(activationLink, { token: second }), {})).statusCode).toBe(200);
      expect((await auditOf(invited.id)).map((entry) => entry.kind)).toEqual([
        'user.invitation_resent',
        'user.invitation_resent',
      ]);

      const active = await call('POST', endpointUrl(resendInvitationEndpoint, { id: adminId }), admin, {});
      expect(refusal(active)).toMatchObject({
        status: 409,
        details: [{ path: 'reason', message: 'not_invited' }],
        reason: 'user.not_invited',
      });
    });
  });

  describe('changing a role', () => {
    it('changes the role, audits before and after, and the next exchange carries it', async () => {
      const user = await insertTeamUser(testApp.database.db, mainId, { role: 'READ_ONLY' });
      const response = await call('PUT', endpointUrl(updateUserRoleEndpoint, { id: user.id }), admin, {
        role: 'USER',
      });
      expect(userAnswer.parse(response.json()).data.role).toBe('USER');
      const [entry] = await auditOf(user.id);
      expect(entry).toMatchObject({ kind: 'user.role_updated' });
      expect(JSON.parse(entry?.before ?? '{}')).toEqual({ role: 'READ_ONLY' });
      expect(JSON.parse(entry?.after ?? '{}')).toEqual({ role: 'USER' });
    });

    it('refuses self-demotion and the demotion of the last active admin (409 with the reason)', async () => {
      const self = await call('PUT', endpointUrl(updateUserRoleEndpoint, { id: adminId }), admin, {
        role: 'USER',
      });
      expect(refusal(self)).toMatchObject({
        status: 409,
        details: [{ path: 'reason', message: 'self_demotion' }],
      });
      // Provider staff are not the admin themselves: only the last-admin rule stops them.
      const last = await call('PUT', endpointUrl(updateUserRoleEndpoint, { id: adminId }), provider, {
        role: 'READ_ONLY',
      });
      expect(refusal(last)).toMatchObject({
        status: 409,
        details: [{ path: 'reason', message: 'last_admin' }],
      });
      expect(await statusOf(adminId)).toEqual({ status: 'ACTIVE', role: 'ADMIN' });
    });

    it("answers another merchant's user like an unknown one (403)", async () => {
      const other = await insertTeamUser(testApp.database.db, rbcId, { role: 'USER' });
      const foreign = await call('PUT', endpointUrl(updateUserRoleEndpoint, { id: other.id }), admin, {
        role: 'READ_ONLY',
      });
      const unknown = await call('PUT', endpointUrl(updateUserRoleEndpoint, { id: 'no-such-user' }), admin, {
        role: 'READ_ONLY',
      });
      expect(refusal(foreign)).toEqual(refusal(unknown));
      expect(refusal(foreign).status).toBe(403);
      expect(await statusOf(other.id)).toEqual({ status: 'ACTIVE', role: 'USER' });
    });
  });

  describe('removing', () => {
    it('refuses self-removal and the removal of the last active admin', async () => {
      const self = await call('DELETE', endpointUrl(removeUserEndpoint, { id: adminId }), admin);
      expect(refusal(self)).toMatchObject({
        status: 409,
        details: [{ path: 'reason', message: 'self_removal' }],
      });
      const last = await call('DELETE', endpointUrl(removeUserEndpoint, { id: adminId }), provider);
      expect(refusal(last)).toMatchObject({
        status: 409,
        details: [{ path: 'reason', message: 'last_admin' }],
      });
      expect(await statusOf(adminId)).toEqual({ status: 'ACTIVE', role: 'ADMIN' });
    });

    it('lets a second admin go while another active admin remains, and not an INVITED admin count', async () => {
      const second = await insertTeamUser(testApp.database.db, mainId, { role: 'ADMIN' });
      await insertTeamUser(testApp.database.db, mainId, { role: 'ADMIN', status: 'INVITED' });
      expect(
        (await call('DELETE', endpointUrl(removeUserEndpoint, { id: second.id }), admin)).statusCode,
      ).toBe(200);
      expect(await statusOf(second.id)).toEqual({ status: 'DISABLED', role: 'ADMIN' });
      // The invited admin cannot sign in yet: the demo admin is still the last active one.
      const last = await call('DELETE', endpointUrl(removeUserEndpoint, { id: adminId }), provider);
      expect(refusal(last).details).toEqual([{ path: 'reason', message: 'last_admin' }]);
    });

    it('disables the user, keeps its row and history, and refuses its next token exchange', async () => {
      const user = await insertTeamUser(testApp.database.db, mainId, { role: 'USER' });
      const providerToken = await builtInProviderToken(testApp.database.db, config, user);
      const exchange = () =>
        testApp.app.inject({
          method: 'POST',
          url: endpointUrl(tokenExchangeEndpoint),
          headers: { authorization: `Bearer ${providerToken}` },
          payload: { appID: PORTAL_APP_ID, merchantID: NO_MERCHANT_ID },
        });
      expect((await exchange()).statusCode).toBe(200);

      const removed = await call('DELETE', endpointUrl(removeUserEndpoint, { id: user.id }), admin);
      expect(userAnswer.parse(removed.json()).data.status).toBe('DISABLED');
      expect((await exchange()).statusCode).toBe(401);
      expect((await auditOf(user.id)).map((entry) => entry.kind)).toEqual(['user.removed']);
      const again = await call('DELETE', endpointUrl(removeUserEndpoint, { id: user.id }), admin);
      expect(refusal(again)).toMatchObject({
        status: 409,
        details: [{ path: 'reason', message: 'removed' }],
      });
      const listed = userListResponseSchema.parse(
        (await call('GET', '/api/users?status=DISABLED', admin)).json(),
      );
      expect(listed.data.items.map((item) => item.id)).toContain(user.id);
    });

    it("removes an invited user's invitation link with it", async () => {
      const invited = await insertTeamUser(testApp.database.db, mainId, { role: 'USER', status: 'INVITED' });
      await call('POST', endpointUrl(resendInvitationEndpoint, { id: invited.id }), admin, {});
      const token = await latestLinkToken(testApp.database.db, invited.email, 'invitation');
      expect(
        (await call('DELETE', endpointUrl(removeUserEndpoint, { id: invited.id }), admin)).statusCode,
      ).toBe(200);
      expect((await call('GET', endpointUrl(activationLink, { token: token }), {})).statusCode).toBe(410);
    });
  });

  describe('restoring', () => {
    it('answers the e-mail of a removed user of this merchant with "restorable", and another merchant\'s as in use', async () => {
      const user = await insertTeamUser(testApp.database.db, mainId, { role: 'USER' });
      await call('DELETE', endpointUrl(removeUserEndpoint, { id: user.id }), admin);
      const again = await call('POST', '/api/users', admin, {
        firstName: 'Back',
        lastName: 'Again',
        email: user.email.toUpperCase(),
        role: 'USER',
      });
      expect(refusal(again)).toMatchObject({
        status: 409,
        details: [
          {
            path: 'body.email',
            message: expect.stringContaining('can be restored') as unknown,
            reason: 'user.restorable',
          },
          { path: 'reason', message: 'restorable' },
        ],
      });

      const elsewhere = await insertTeamUser(testApp.database.db, rbcId, { role: 'USER' });
      await testApp.database.db
        .updateTable('users')
        .set({ status: 'DISABLED' })
        .where('id', '=', elsewhere.id)
        .execute();
      const other = await call('POST', '/api/users', admin, {
        firstName: 'Not',
        lastName: 'Ours',
        email: elsewhere.email,
        role: 'USER',
      });
      expect(refusal(other).details).toEqual([
        {
          path: 'body.email',
          message: 'This e-mail is already in use',
          reason: 'user.email_taken',
          params: {},
        },
      ]);
    });

    it('restores a removed user as INVITED with its role, e-mails a new link, forgets the old password and audits it', async () => {
      const user = await insertTeamUser(testApp.database.db, mainId, {
        role: 'ADMIN',
        passwordHash: 'the-old-password-hash',
      });
      await call('DELETE', endpointUrl(removeUserEndpoint, { id: user.id }), admin);

      const restored = await call('POST', endpointUrl(restoreUserEndpoint, { id: user.id }), admin, {
        locale: 'fr-CA',
      });
      expect(restored.statusCode, restored.body).toBe(200);
      expect(userAnswer.parse(restored.json()).data).toMatchObject({ status: 'INVITED', role: 'ADMIN' });
      const row = await testApp.database.db
        .selectFrom('users')
        .select(['status', 'role', 'password_hash'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'INVITED', role: 'ADMIN', password_hash: null });
      const token = await latestLinkToken(testApp.database.db, user.email, 'invitation');
      expect((await call('GET', endpointUrl(activationLink, { token }), {})).statusCode).toBe(200);
      const entries = await auditOf(user.id);
      expect(entries.map((entry) => entry.kind)).toEqual(['user.removed', 'user.restored']);
      expect(entries[1]).toMatchObject({ actor_email: ADMIN_EMAIL, merchant_id: mainId });

      const twice = await call('POST', endpointUrl(restoreUserEndpoint, { id: user.id }), admin, {});
      expect(refusal(twice)).toMatchObject({
        status: 409,
        details: [{ path: 'reason', message: 'not_removed' }],
      });
    });

    it("needs w:merchant.users, and answers another merchant's user like an unknown one", async () => {
      const user = await insertTeamUser(testApp.database.db, mainId, { role: 'USER' });
      await call('DELETE', endpointUrl(removeUserEndpoint, { id: user.id }), admin);
      const denied = await call('POST', endpointUrl(restoreUserEndpoint, { id: user.id }), readOnly, {});
      expect(denied.statusCode).toBe(403);

      const elsewhere = await insertTeamUser(testApp.database.db, rbcId, { role: 'USER' });
      await testApp.database.db
        .updateTable('users')
        .set({ status: 'DISABLED' })
        .where('id', '=', elsewhere.id)
        .execute();
      const foreign = await call('POST', endpointUrl(restoreUserEndpoint, { id: elsewhere.id }), admin, {});
      const unknown = await call(
        'POST',
        endpointUrl(restoreUserEndpoint, { id: '00000000-0000-4000-8000-000000000000' }),
        admin,
        {},
      );
      expect(refusal(foreign)).toEqual(refusal(unknown));
      expect(foreign.statusCode).toBe(403);
      expect(await statusOf(user.id)).toEqual({ status: 'DISABLED', role: 'USER' });
      expect(await statusOf(elsewhere.id)).toEqual({ status: 'DISABLED', role: 'USER' });
    });
  });
});
