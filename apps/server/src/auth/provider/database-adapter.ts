import type { Kysely } from 'kysely';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../db/schema.js';

/** How often, at most, one process deletes expired rows (on the next write after this much time). */
export const PRUNE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * oidc-provider's storage in the `oidc_models` table (migration 0003), one adapter per model name, so
 * that sessions, grants, codes and refresh tokens outlive a restart and every instance sees the same
 * ones. Expired rows are never answered, and each process deletes them every PRUNE_INTERVAL_MS.
 */
export function databaseAdapterFactory(db: Kysely<Database>): AdapterFactory {
  const pruner = new ExpiredRowPruner(db);
  return (model) => new DatabaseAdapter(db, model, pruner);
}

class ExpiredRowPruner {
  #lastRun = Number.NEGATIVE_INFINITY;

  constructor(private readonly db: Kysely<Database>) {}

  async pruneIfDue(now: number): Promise<void> {
    if (now - this.#lastRun < PRUNE_INTERVAL_MS) return;
    this.#lastRun = now;
    await this.db.deleteFrom('oidc_models').where('expires_at', '<=', new Date(now).toISOString()).execute();
  }
}

class DatabaseAdapter implements Adapter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly model: string,
    private readonly pruner: ExpiredRowPruner,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const now = Date.now();
    await this.pruner.pruneIfDue(now);
    const fields = {
      payload: JSON.stringify(payload),
      grant_id: stringOrNull(payload.grantId),
      user_code: stringOrNull(payload.userCode),
      uid: stringOrNull(payload.uid),
      account_id: stringOrNull(payload.accountId),
      expires_at: expiresIn === undefined ? null : new Date(now + expiresIn * 1000).toISOString(),
      // An upsert replaces the whole object, as oidc-provider's own memory adapter does.
      consumed_at: null,
    };
    await this.db
      .insertInto('oidc_models')
      .values({ model: this.model, id, ...fields })
      .onConflict((conflict) => conflict.columns(['model', 'id']).doUpdateSet(fields))
      .execute();
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('id', id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('oidc_models')
      .set({ consumed_at: new Date().toISOString() })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('oidc_models').where('model', '=', this.model).where('id', '=', id).execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .deleteFrom('oidc_models')
      .where('model', '=', this.model)
      .where('grant_id', '=', grantId)
      .execute();
  }

  private async findWhere(
    column: 'id' | 'uid' | 'user_code',
    value: string,
  ): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('oidc_models')
      .select(['payload', 'consumed_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date().toISOString())]))
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    if (row.consumed_at === null) return payload;
    // The provider refuses a consumed code or rotated refresh token by this field (epoch seconds).
    return { ...payload, consumed: Math.floor(Date.parse(row.consumed_at) / 1000) };
  }
}

const GRANT_MODEL = 'Grant';
const SESSION_MODEL = 'Session';

/** Whether the provider's grant (one sign-in of the portal) still stands: not revoked, not expired. */
export async function grantIsLive(db: Kysely<Database>, grantId: string): Promise<boolean> {
  const row = await db
    .selectFrom('oidc_models')
    .select('id')
    .where('model', '=', GRANT_MODEL)
    .where('id', '=', grantId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date().toISOString())]))
    .executeTakeFirst();
  return row !== undefined;
}

/** Revokes one grant at the provider: the grant and every code and refresh token issued under it. */
export async function revokeGrant(db: Kysely<Database>, grantId: string): Promise<void> {
  await db
    .deleteFrom('oidc_models')
    .where((eb) =>
      eb.or([eb.and([eb('model', '=', GRANT_MODEL), eb('id', '=', grantId)]), eb('grant_id', '=', grantId)]),
    )
    .execute();
}

/**
 * Ends every sign-in of a user at the provider: its grants, codes, refresh tokens and provider sessions,
 * so that no refresh works any more and the next authorization asks for the password. `keepGrantId`
 * spares one sign-in (a password change keeps the caller's): that grant, what was issued under it, and
 * the provider session that holds it.
 */
export async function endProviderSignIns(
  db: Kysely<Database>,
  accountId: string,
  keepGrantId?: string,
): Promise<void> {
  let query = db.deleteFrom('oidc_models').where('account_id', '=', accountId);
  if (keepGrantId !== undefined) {
    const keptSessions = (
      await db
        .selectFrom('oidc_models')
        .select(['id', 'payload'])
        .where('model', '=', SESSION_MODEL)
        .where('account_id', '=', accountId)
        .execute()
    )
      .filter((row) => sessionHoldsGrant(row.payload, keepGrantId))
      .map((row) => row.id);
    query = query
      .where((eb) => eb.or([eb('model', '!=', GRANT_MODEL), eb('id', '!=', keepGrantId)]))
      .where((eb) => eb.or([eb('grant_id', 'is', null), eb('grant_id', '!=', keepGrantId)]));
    if (keptSessions.length > 0) {
      query = query.where((eb) =>
        eb.or([eb('model', '!=', SESSION_MODEL), eb('id', 'not in', keptSessions)]),
      );
    }
  }
  await query.execute();
}

/** A provider session lists the grant of each client it signed in to under `authorizations`. */
function sessionHoldsGrant(payload: string, grantId: string): boolean {
  const { authorizations } = JSON.parse(payload) as {
    authorizations?: Record<string, { grantId?: unknown } | undefined>;
  };
  return Object.values(authorizations ?? {}).some((authorization) => authorization?.grantId === grantId);
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
