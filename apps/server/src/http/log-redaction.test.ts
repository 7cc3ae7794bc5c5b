import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientLogEndpoint } from '@portal/contracts/client-log-endpoints';
import { PORTAL_CLIENT_ID } from '@portal/contracts/auth';
import { dataResponseSchema } from '@portal/contracts/api';
import { cartDetailSchema } from '@portal/contracts/carts';
import { endpointUrl } from '@portal/contracts/endpoint';
import { forgotPasswordEndpoint, passwordLinkEndpoints } from '@portal/contracts/passwords-endpoints';
import { MAIN_MERCHANT } from '../seed/demo-merchants.js';
import { seedDemoData } from '../seed/seed.js';
import { cartInput } from '../test/cart-fixtures.js';
import { buildTestApp, type TestApp, jsonRequest } from '../test/test-app.js';
import { TEST_DIALECTS } from '../test/test-database.js';
import { authHeader, merchantIdByName, testConfig } from '../test/tokens.js';
import { insertTeamUser, latestLinkToken } from '../test/user-fixtures.js';
import { REDACTED, redactSecrets } from './log-redaction.js';

const activationLink = passwordLinkEndpoints.ACTIVATION.check;
const resetLink = passwordLinkEndpoints.RESET.check;

const PASSWORD = 'Quiet-Harbour-Lantern-42';

describe('redactSecrets', () => {
  it('hides secret path segments and query values, and nothing else', () => {
    expect(redactSecrets('GET /activate/abc-123?x=1')).toBe(`GET /activate/${REDACTED}?x=1`);
    expect(redactSecrets('"url":"/api/checkout/tok_1/complete"')).toBe(
      `"url":"/api/checkout/${REDACTED}/complete"`,
    );
    expect(redactSecrets('/implicit/callback?code=c1&state=s1&iss=x')).toBe(
      `/implicit/callback?code=${REDACTED}&state=${REDACTED}&iss=x`,
    );
    expect(redactSecrets('/oidc/session/end?client_id=portal&ID_TOKEN_HINT=e.y.j')).toBe(
      `/oidc/session/end?client_id=portal&ID_TOKEN_HINT=${REDACTED}`,
    );
    expect(redactSecrets('/transactions/tx-1?status=SETTLED')).toBe('/transactions/tx-1?status=SETTLED');
  });
});

describe.each(TEST_DIALECTS)('the server log holds no link token, code or hint (%s)', (dialect) => {
  const config = testConfig();
  const lines: string[] = [];
  let testApp: TestApp;
  let mainId: string;
  /** Every secret value the flows below put in a URL. */
  const secrets: string[] = [];

  const request = (method: 'GET' | 'POST', url: string, payload?: object, headers = {}) =>
    testApp.app.inject({
      method,
      url,
      ...jsonRequest(headers, payload),
      remoteAddress: `10.9.0.${String(1 + secrets.length)}`,
    });

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
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('after activation, reset, checkout, sign-in and sign-out', async () => {
    const admin = await authHeader(testApp.database, config, { role: 'ADMIN' });

    // Activation: the page, the API call behind it, the new password.
    const user = await insertTeamUser(testApp.database.db, mainId, { role: 'USER', status: 'INVITED' });
    expect((await request('POST', `/api/users/${user.id}/invitation`, {}, admin)).statusCode).toBe(200);
    const activation = await latestLinkToken(testApp.database.db, user.email, 'invitation');
    secrets.push(activation);
    await request('GET', `/activate/${activation}`);
    expect((await request('GET', endpointUrl(activationLink, { token: activation }))).statusCode).toBe(200);
    expect(
      (await request('POST', endpointUrl(activationLink, { token: activation }), { password: PASSWORD }))
        .statusCode,
    ).toBe(200);

    // Reset: asked for, then used.
    await request('POST', endpointUrl(forgotPasswordEndpoint), { email: user.email });
    const reset = await latestLinkToken(testApp.database.db, user.email, 'password-reset');
    secrets.push(reset);
    await request('GET', `/password/reset/${reset}`);
    expect((await request('GET', endpointUrl(resetLink, { token: reset }))).statusCode).toBe(200);
    expect(
      (await request('POST', endpointUrl(resetLink, { token: reset }), { password: `${PASSWORD}-2` }))
        .statusCode,
    ).toBe(200);

    // Checkout: the shopper's page and the calls behind it.
    const created = await request('POST', '/api/carts', cartInput(), admin);
    expect(created.statusCode).toBe(201);
    const { checkoutUrl } = dataResponseSchema(cartDetailSchema).parse(created.json()).data;
    const checkout = decodeURIComponent(new URL(checkoutUrl).pathname.split('/').pop() ?? '');
    secrets.push(checkout);
    await request('GET', `/checkout/${checkout}`);
    expect((await request('GET', `/api/checkout/${checkout}`)).statusCode).toBe(200);
    expect((await request('POST', `/api/checkout/${checkout}/complete`, {})).statusCode).toBe(200);
    // A wrong path under a token: the refusal's message names the path.
    await request('GET', `/api/checkout/${checkout}/nowhere`);

    // Sign-in through the identity provider, the callback with its code, and the sign-out.
    const state = randomUUID();
    const loginHint = `hint.${randomUUID().slice(0, 8)}@team.test`;
    const started = await request(
      'GET',
      `/oidc/auth?${new URLSearchParams({
        client_id: PORTAL_CLIENT_ID,
        redirect_uri: `${config.publicUrl}/implicit/callback`,
        response_type: 'code',
        scope: 'openid',
        state,
        login_hint: loginHint,
        code_challenge: randomBytes(32).toString('base64url'),
        code_challenge_method: 'S256',
      }).toString()}`,
    );
    expect(started.statusCode).toBe(303);
    const interaction = String(started.headers.location).split('/').pop() ?? '';
    secrets.push(state, loginHint, interaction);
    await request('GET', `/login/${interaction}`);
    expect((await request('GET', `/api/auth/interaction/${interaction}`)).statusCode).toBe(200);
    await request('GET', `/oidc/auth/${interaction}`);
    const code = randomBytes(32).toString('base64url');
    const idToken = `eyJ${randomBytes(40).toString('base64url')}.eyJ${randomBytes(40).toString('base64url')}.sig`;
    secrets.push(code, idToken);
    await request('GET', `/implicit/callback?code=${code}&state=${state}`);
    await request(
      'GET',
      `/oidc/session/end?id_token_hint=${idToken}&client_id=${PORTAL_CLIENT_ID}&state=${state}`,
    );

    // The portal's own error report of the URL it failed on.
    await request('POST', endpointUrl(clientLogEndpoint), {
      level: 'error',
      message: `Failed to parse token from /implicit/callback?code=${code}`,
      context: { url: `${config.publicUrl}/checkout/${checkout}` },
    });
    const stored = await testApp.database.db
      .selectFrom('client_logs')
      .select(['message', 'context'])
      .execute();

    const log = lines.join('');
    expect(log).toContain('request completed');
    for (const secret of secrets) {
      expect(log).not.toContain(secret);
      expect(JSON.stringify(stored)).not.toContain(secret);
    }
    expect(log).toContain(REDACTED);
  });
});
