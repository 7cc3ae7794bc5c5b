import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Brand } from '@portal/contracts/brands';
import { isProviderRole, ROLE_SCOPES } from '@portal/contracts/roles';
import type { Role } from '@portal/contracts/roles';
import { signPortalToken } from '../auth/portal-token.js';
import { sessionForExchange } from '../auth/sign-in-sessions.js';
import { loadConfig } from '../config.js';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { MAIN_MERCHANT, RBC_MERCHANT } from '../seed/demo-merchants.js';

export interface TestTokenRequest {
  role: Role;
  /**
   * The token's merchant. Merchant roles default to the main demo merchant of the brand (seeded data);
   * provider staff default to none (the all-zero id).
   */
  merchantId?: string;
  /** Defaults to the role's scopes (ROLE_SCOPES); pass fewer to test a missing scope. */
  scopes?: readonly string[];
  /** Back-dates the token; 16 minutes ago gives an expired one. */
  issuedAt?: Date;
}

type TokenConfig = Pick<Config, 'publicUrl' | 'brand'>;

/** The configuration buildTestApp uses, with the same overrides: pass it to authHeader. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_DATA: 'false' }), ...overrides };
}

const MAIN_MERCHANT_OF: Readonly<Record<Brand, string>> = { bread: MAIN_MERCHANT, rbc: RBC_MERCHANT };

/**
 * A real portal token, signed with the server's real key, for a user of that role and merchant: the
 * first such ACTIVE user in the database, or a new ACTIVE one made for the test (so that audit rows and
 * foreign keys find a real user), in a sign-in session of its own (as the exchange makes one).
 */
export async function portalTokenFor(
  database: DatabaseHandle,
  config: TokenConfig,
  request: TestTokenRequest,
): Promise<string> {
  const { db } = database;
  const provider = isProviderRole(request.role);
  const merchantId =
    request.merchantId ?? (provider ? null : await merchantIdByName(db, MAIN_MERCHANT_OF[config.brand]));
  const tenantId = merchantId === null ? null : await tenantIdOf(db, merchantId);
  const user = await findOrCreateUser(db, request.role, provider ? null : merchantId, tenantId);
  const sessionId = await sessionForExchange(db, user.id, null);
  if (sessionId === undefined) throw new Error('A session without a provider session cannot have ended');
  return signPortalToken(
    db,
    config,
    {
      sessionId,
      userId: user.id,
      email: user.email,
      role: request.role,
      scopes: request.scopes ?? ROLE_SCOPES[request.role],
      tenantId,
      merchantId,
    },
    request.issuedAt === undefined ? {} : { issuedAt: request.issuedAt },
  );
}

/** `headers: await authHeader(database, config, { role: 'ADMIN' })` in `app.inject`. */
export async function authHeader(
  database: DatabaseHandle,
  config: TokenConfig,
  request: TestTokenRequest,
): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await portalTokenFor(database, config, request)}` };
}

/** The id of a merchant by its name, e.g. a demo merchant after seeding (demo-merchants.ts). */
export async function merchantIdByName(db: Kysely<Database>, name: string): Promise<string> {
  const row = await db.selectFrom('merchants').select('id').where('name', '=', name).executeTakeFirst();
  if (row === undefined) throw new Error(`No merchant named "${name}": seed the demo data first`);
  return row.id;
}

async function tenantIdOf(db: Kysely<Database>, merchantId: string): Promise<string> {
  const row = await db
    .selectFrom('merchants')
    .select('tenant_id')
    .where('id', '=', merchantId)
    .executeTakeFirst();
  if (row === undefined) throw new Error(`No merchant with id ${merchantId}`);
  return row.tenant_id;
}

async function findOrCreateUser(
  db: Kysely<Database>,
  role: Role,
  merchantId: string | null,
  tenantId: string | null,
): Promise<{ id: string; email: string }> {
  // Only an ACTIVE user's token passes the access check.
  let query = db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('role', '=', role)
    .where('status', '=', 'ACTIVE')
    .orderBy('email');
  query = merchantId === null ? query : query.where('merchant_id', '=', merchantId);
  const existing = await query.executeTakeFirst();
  if (existing !== undefined) return existing;

  const id = randomUUID();
  const email = `${role.toLowerCase().replaceAll('_', '-')}.${id.slice(0, 8)}@test.example`;
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      id,
      tenant_id: merchantId === null ? null : tenantId,
      merchant_id: merchantId,
      email,
      first_name: 'Test',
      last_name: role,
      role,
      status: 'ACTIVE',
      password_hash: null,
      locked_until: null,
      invited_at: null,
      last_sign_in_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, email };
}
