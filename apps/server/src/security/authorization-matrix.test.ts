import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE_SCOPES, ROLES } from '@portal/contracts/roles';
import { ALL_SCOPES, hasAllScopes } from '@portal/contracts/scopes';
import type { Scope } from '@portal/contracts/scopes';
import { TEST_DIALECTS } from '../test/test-database.js';
import { portalTokenFor } from '../test/tokens.js';
import { builtInProviderToken } from '../test/user-fixtures.js';
import { addressGenerator, errorShapeProblem, Tally } from './attack-checks.js';
import { buildAttackWorld, merchantBAdmin, newUserOfA, tokenForUser } from './attack-world.js';
import type { AttackWorld } from './attack-world.js';
import { takeRecordedApiRoutes } from './route-recorder.js';
import type { RecordedRoute } from './route-recorder.js';
import { entryOf, injectOptions, ROUTE_KEYS, ROUTE_TABLE } from './route-table.js';

vi.mock('fastify', async (importOriginal) =>
  (await import('./route-recorder.js')).recordingFastify(await importOriginal()),
);

/**
 * Every API route × every way of calling it without the right (issue 10, "The permanent attack suite"):
 * each answer is 401, 403 or 404 in the error shape, with nothing of merchant A in it.
 */

const REFUSED = [401, 403, 404] as const;
const MINUTE_MS = 60_000;
type Headers = Record<string, string>;

const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const needs = (key: string): readonly Scope[] => {
  const access = entryOf(key).access;
  return access === 'public' ? [] : access;
};

describe.each(TEST_DIALECTS)('authorization matrix (%s)', (dialect) => {
  let world: AttackWorld;
  let registered: RecordedRoute[];
  /** The table's routes that the app has (a missing one fails the first test, not every one). */
  let presentKeys: string[];
  let protectedKeys: string[];
  const tally = new Tally(['leaks']);
  const nextAddress = addressGenerator();

  /** Calls a route's sample with these headers; a problem is recorded unless refused as allowed. */
  const attack = async (
    key: string,
    headers: Headers,
    allowed: readonly number[],
    problems: string[],
  ): Promise<void> => {
    const options = injectOptions(key, entryOf(key).call(world.a), headers);
    const response = await world.testApp.app.inject({ ...options, remoteAddress: nextAddress() });
    const problem = allowed.includes(response.statusCode)
      ? errorShapeProblem(response, world.markers, options.url)
      : `answered ${String(response.statusCode)}: ${response.body.slice(0, 160)}`;
    tally.count(problem?.startsWith('leaks') === true ? 'leaks' : undefined);
    if (problem !== undefined) problems.push(`${key}: ${problem}`);
  };
  /** Adds a test's problems to the suite's figures, for the expectation. */
  const found = (problems: string[]) => {
    tally.problems.push(...problems);
    return problems;
  };

  const refusedEverywhere = async (headers: Headers, allowed: readonly number[] = REFUSED) => {
    const problems: string[] = [];
    for (const key of protectedKeys) await attack(key, headers, allowed, problems);
    return found(problems);
  };

  beforeAll(async () => {
    world = await buildAttackWorld(dialect);
    registered = takeRecordedApiRoutes();
    const keys = new Set(registered.map((route) => route.key));
    presentKeys = ROUTE_KEYS.filter((key) => keys.has(key));
    protectedKeys = presentKeys.filter((key) => entryOf(key).access !== 'public');
  });

  afterAll(async () => {
    console.log(tally.line(`attack matrix ${dialect}`));
    await world.testApp.close();
  });

  it('registers exactly the declared API endpoints, each with the access of its declaration', () => {
    const keys = registered.map((route) => route.key);
    expect(keys.length).toBeGreaterThan(40);
    expect(keys.filter((key) => ROUTE_TABLE[key] === undefined)).toEqual([]);
    // Only an endpoint declared as conditional may be absent.
    const absent = Object.keys(ROUTE_TABLE).filter((key) => !keys.includes(key));
    expect(absent.filter((key) => entryOf(key).endpoint.registeredWhen === undefined)).toEqual([]);
    // This world runs without fake auth: exactly its endpoints are absent.
    expect(absent.sort()).toEqual(['GET /api/auth/fake/users', 'POST /api/auth/fake/token']);
    const otherAccess = registered.filter(
      (route) => JSON.stringify(route.access) !== JSON.stringify(ROUTE_TABLE[route.key]?.endpoint.access),
    );
    expect(otherAccess.map((route) => route.key)).toEqual([]);
  });

  it('refuses every protected route without a token', async () => {
    expect(await refusedEverywhere({}, [401])).toEqual([]);
  });

  it('refuses an expired token', async () => {
    const issuedAt = new Date(Date.now() - 16 * MINUTE_MS);
    const token = await portalTokenFor(world.testApp.database, world.config, { role: 'ADMIN', issuedAt });
    expect(await refusedEverywhere(bearer(token), [401])).toEqual([]);
  });

  it('refuses a token whose claims were changed after signing', async () => {
    const token = await portalTokenFor(world.testApp.database, world.config, { role: 'READ_ONLY' });
    const [header = '', payload = '', signature = ''] = token.split('.');
    const raised = base64url({
      ...(JSON.parse(Buffer.from(payload, 'base64url').toString()) as object),
      scp: ALL_SCOPES,
    });
    expect(await refusedEverywhere(bearer(`${header}.${raised}.${signature}`), [401])).toEqual([]);
  });

  it('refuses a token with alg "none"', async () => {
    const token = await portalTokenFor(world.testApp.database, world.config, { role: 'ADMIN' });
    const header = { ...decodeProtectedHeader(token), alg: 'none' };
    const unsigned = `${base64url(header)}.${base64url(decodeJwt(token))}.`;
    expect(await refusedEverywhere(bearer(unsigned), [401])).toEqual([]);
  });

  it('refuses a token signed by another key under the same key id', async () => {
    const token = await portalTokenFor(world.testApp.database, world.config, { role: 'ADMIN' });
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT(decodeJwt(token))
      .setProtectedHeader(decodeProtectedHeader(token) as { alg: string })
      .sign(privateKey);
    expect(await refusedEverywhere(bearer(forged), [401])).toEqual([]);
  });

  it("refuses the identity provider's own access token", async () => {
    const admin = await newUserOfA(world, 'ADMIN');
    const token = await builtInProviderToken(world.testApp.database.db, world.config, admin);
    expect(await refusedEverywhere(bearer(token), [401])).toEqual([]);
  });

  it("refuses merchant B on merchant A's objects, and shows B nothing of A anywhere", async () => {
    const headers = bearer(await merchantBAdmin(world));
    const problems: string[] = [];
    for (const key of protectedKeys) {
      if (entryOf(key).object) {
        await attack(key, headers, REFUSED, problems);
        continue;
      }
      const options = injectOptions(key, entryOf(key).call(world.a), headers);
      const response = await world.testApp.app.inject({ ...options, remoteAddress: nextAddress() });
      const leaked = world.markers.find((marker) => response.body.includes(marker));
      tally.count(leaked === undefined ? undefined : 'leaks');
      if (response.statusCode >= 500 || leaked !== undefined) {
        problems.push(
          `${key}: answered ${String(response.statusCode)}${leaked === undefined ? '' : `, leaks "${leaked}"`}`,
        );
      }
    }
    expect(found(problems)).toEqual([]);
  });

  it('refuses each role that lacks a scope the route needs', async () => {
    const problems: string[] = [];
    for (const role of ROLES) {
      const headers = bearer(
        await portalTokenFor(world.testApp.database, world.config, { role, merchantId: world.a.merchantId }),
      );
      for (const key of protectedKeys) {
        if (!hasAllScopes(ROLE_SCOPES[role], needs(key))) await attack(key, headers, [403], problems);
      }
    }
    expect(found(problems)).toEqual([]);
  });

  it('refuses every scope set that misses one needed scope', async () => {
    const problems: string[] = [];
    for (const key of protectedKeys) {
      for (const missing of needs(key)) {
        const scopes = ALL_SCOPES.filter((scope) => scope !== missing);
        const headers = bearer(
          await portalTokenFor(world.testApp.database, world.config, {
            role: 'INTERNAL_ADMIN',
            merchantId: world.a.merchantId,
            scopes,
          }),
        );
        await attack(key, headers, [403], problems);
      }
    }
    expect(found(problems)).toEqual([]);
  });

  // After the refusals, since these calls change merchant A's objects.
  it('lets every sample call through with every scope, so that the refusals above mean something', async () => {
    const problems: string[] = [];
    for (const key of presentKeys) {
      const entry = entryOf(key);
      const headers = entry.endsSession
        ? bearer(await tokenForUser(world, await newUserOfA(world, 'ADMIN'), 'ADMIN'))
        : (entry.credential?.(world.a) ?? world.allScopes);
      const response = await world.testApp.app.inject({
        ...injectOptions(key, entry.call(world.a), headers),
        remoteAddress: nextAddress(),
      });
      tally.count();
      const refused =
        entry.access !== 'public' && (REFUSED as readonly number[]).includes(response.statusCode);
      if (refused || response.statusCode >= 500) {
        problems.push(`${key}: answered ${String(response.statusCode)}: ${response.body.slice(0, 160)}`);
      }
    }
    expect(found(problems)).toEqual([]);
  });

  /** A token of a new ADMIN of merchant A, issued a minute ago (before whatever the test does next). */
  const earlierAdminToken = async () => {
    const user = await newUserOfA(world, 'ADMIN');
    const token = await tokenForUser(world, user, 'ADMIN', { issuedAt: new Date(Date.now() - MINUTE_MS) });
    return { user, headers: bearer(token) };
  };
  const changeUser = async (method: 'DELETE' | 'PUT', url: string, payload?: object) => {
    const response = await world.testApp.app.inject({
      method,
      url,
      headers: world.admin,
      ...(payload === undefined ? {} : { payload }),
    });
    expect(response.statusCode).toBe(200);
  };

  it("refuses a removed user's earlier token on the very next request", async () => {
    const { user, headers } = await earlierAdminToken();
    await changeUser('DELETE', `/api/users/${user.id}`);
    expect(await refusedEverywhere(headers, [401])).toEqual([]);
  });

  it("refuses a demoted user's earlier token wherever the new role may not go", async () => {
    const { user, headers } = await earlierAdminToken();
    await changeUser('PUT', `/api/users/${user.id}/role`, { role: 'READ_ONLY' });
    const problems: string[] = [];
    for (const key of protectedKeys) {
      if (!hasAllScopes(ROLE_SCOPES.READ_ONLY, needs(key))) await attack(key, headers, [401, 403], problems);
    }
    expect(found(problems)).toEqual([]);
  });

  it('refuses a token after its sign-in was ended (POST /api/auth/logout)', async () => {
    const { headers } = await earlierAdminToken();
    const logout = await world.testApp.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(logout.statusCode).toBe(204);
    expect(await refusedEverywhere(headers, [401])).toEqual([]);
  });
});
