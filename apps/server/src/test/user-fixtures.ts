import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { UserStatus } from '@portal/contracts/enums';
import type { Role } from '@portal/contracts/roles';
import { getOrCreateKey } from '../auth/keys.js';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';

/** A user of a merchant in the given role and status, with an e-mail of its own. */
export async function insertTeamUser(
  db: Kysely<Database>,
  merchantId: string,
  {
    role,
    status = 'ACTIVE',
    passwordHash = null,
  }: { role: Role; status?: UserStatus; passwordHash?: string | null },
): Promise<{ id: string; email: string }> {
  const merchant = await db
    .selectFrom('merchants')
    .select('tenant_id')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  const id = randomUUID();
  const email = `${role.toLowerCase().replaceAll('_', '-')}.${id.slice(0, 8)}@team.test`;
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      id,
      tenant_id: merchant.tenant_id,
      merchant_id: merchantId,
      email,
      first_name: 'Team',
      last_name: role,
      role,
      status,
      password_hash: passwordHash,
      locked_until: null,
      invited_at: now,
      last_sign_in_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, email };
}

/** What the built-in identity provider issues for a user: the token that the exchange takes. */
export async function builtInProviderToken(
  db: Kysely<Database>,
  config: Pick<Config, 'publicUrl'>,
  user: { id: string; email: string },
): Promise<string> {
  const key = await getOrCreateKey(db, 'oidc-signing');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: user.email })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'at+jwt' })
    .setIssuer(`${config.publicUrl}/oidc`)
    .setAudience(`${config.publicUrl}/api`)
    .setSubject(user.id)
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(key.privateKey);
}

/** The link of the latest e-mail of a template sent to an address (the token is only in the e-mail). */
export async function latestLinkToken(db: Kysely<Database>, to: string, template: string): Promise<string> {
  const row = await db
    .selectFrom('outbound_emails')
    .select('text')
    .where('to_address', '=', to)
    .where('template', '=', template)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const match = /\/(?:activate|password\/reset)\/([\w-]+)/.exec(row.text);
  if (match?.[1] === undefined) throw new Error(`No link in the ${template} e-mail to ${to}`);
  return match[1];
}
