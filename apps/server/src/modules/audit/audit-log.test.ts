import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataResponseSchema } from '@portal/contracts/api';
import { auditFacetsSchema, auditPageSchema } from '@portal/contracts/audit';
import { MAIN_MERCHANT, RBC_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { activePrograms, insertTransactionFixtures } from '../../test/transaction-fixtures.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';
import { recordAudit, SYSTEM_AUDIT_CONTEXT } from './record-audit.js';
import { DAY_MS } from '@portal/contracts/constants';

type Headers = Record<string, string>;

/** The day of an instant in a time zone, as YYYY-MM-DD. */
const dayIn = (timeZone: string, iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );

describe.each(TEST_DIALECTS)('the audit log (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let mainId: string;
  let rbcId: string;
  let timeZone: string;
  let admin: Headers;
  let transactionId: string;

  const get = (url: string, headers: Headers = admin) => testApp.app.inject({ method: 'GET', url, headers });
  const page = async (query = '', headers: Headers = admin) => {
    const response = await get(`/api/audit-entries${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return auditPageSchema.parse(response.json()).data;
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    const { db } = testApp.database;
    await seedDemoData(db, { size: 'small' });
    await db.deleteFrom('audit_entries').execute();
    mainId = await merchantIdByName(db, MAIN_MERCHANT);
    rbcId = await merchantIdByName(db, RBC_MERCHANT);
    timeZone = (
      await db.selectFrom('merchants').select('time_zone').where('id', '=', mainId).executeTakeFirstOrThrow()
    ).time_zone;
    const programId = (await activePrograms(db, mainId)).find((p) => p.channel === 'ECOMM')?.id ?? '';
    const [row] = await insertTransactionFixtures(db, [
      { merchant_id: mainId, program_id: programId, total: 12_500 },
    ]);
    transactionId = row?.id ?? '';
    admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('records a settlement with the amounts before and after, and who made it', async () => {
    const settled = await testApp.app.inject({
      method: 'POST',
      url: `/api/transactions/${transactionId}/settle`,
      headers: { ...admin, 'content-type': 'application/json' },
      payload: { amount: { currency: 'USD', value: 5_000 } },
    });
    expect(settled.statusCode).toBe(200);

    const { items, pagination, timeZone: zone } = await page();
    expect(zone).toBe(timeZone);
    expect(pagination.total).toBe(1);
    expect(items[0]).toMatchObject({
      merchantId: mainId,
      kind: 'transaction.settled',
      subjectType: 'transaction',
      subjectId: transactionId,
      actor: { type: 'USER', role: 'ADMIN' },
      before: { status: 'AUTHORIZED', settled: '0.00 USD', cancelled: '0.00 USD', refunded: '0.00 USD' },
      after: { status: 'SETTLED', settled: '50.00 USD', amount: '50.00 USD' },
    });
    expect(items[0]?.actor.email).toMatch(/@/);
    expect(items[0]?.requestId).not.toBeNull();
  });

  it('writes nothing when the action is refused', async () => {
    const refused = await testApp.app.inject({
      method: 'POST',
      url: `/api/transactions/${transactionId}/refund`,
      headers: { ...admin, 'content-type': 'application/json' },
      payload: { amount: { currency: 'USD', value: 999_999 } },
    });
    expect(refused.statusCode).toBe(409);
    expect((await page('?kind=transaction.refunded')).items).toEqual([]);
  });

  it('records a transaction export with its filter', async () => {
    const exported = await get('/api/transactions/export.csv?status=SETTLED&from=2026-01-01');
    expect(exported.statusCode).toBe(200);
    const { items } = await page('?kind=transaction.exported');
    expect(items).toHaveLength(1);
    expect(items[0]?.after).toMatchObject({ filter: { status: ['SETTLED'], from: '2026-01-01' } });
  });

  it('filters by user, kind and days of the merchant time zone, and sorts by date', async () => {
    const { db } = testApp.database;
    // 04:30 UTC: the evening before in the Americas, so the day boundary is the merchant's, not UTC's.
    const at = '2026-01-15T04:30:00.000Z';
    await recordAudit(db, SYSTEM_AUDIT_CONTEXT, {
      merchantId: mainId,
      kind: 'funding.deposited',
      subjectType: 'funding',
      subjectId: 'f-1',
    });
    await db
      .updateTable('audit_entries')
      .set({ created_at: at })
      .where('kind', '=', 'funding.deposited')
      .execute();
    const day = dayIn(timeZone, at);
    const dayAfter = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

    expect((await page(`?from=${day}&to=${day}`)).items.map((item) => item.kind)).toEqual([
      'funding.deposited',
    ]);
    expect((await page(`?from=${dayAfter}&to=${dayAfter}`)).items).toEqual([]);
    expect((await page('?kind=funding.deposited')).items).toHaveLength(1);

    const [mine] = (await page('?kind=transaction.settled')).items;
    const userId = mine?.actor.userId ?? '';
    const byUser = await page(`?actorUserId=${userId}`);
    expect(byUser.items.every((item) => item.actor.userId === userId)).toBe(true);
    expect(byUser.items.map((item) => item.kind).toSorted()).toEqual([
      'transaction.exported',
      'transaction.settled',
    ]);

    const newest = await page();
    expect(newest.items.at(-1)?.kind).toBe('funding.deposited');
    const oldest = await page('?order=asc&limit=25&offset=0');
    expect(oldest.items[0]?.kind).toBe('funding.deposited');
    expect((await page('?offset=1')).items).toHaveLength(newest.items.length - 1);

    const facets = await get('/api/audit-entries/facets');
    const { data } = dataResponseSchema(auditFacetsSchema).parse(facets.json());
    expect(data.kinds).toEqual(['funding.deposited', 'transaction.exported', 'transaction.settled']);
    expect(data.actors.map((actor) => actor.userId)).toEqual([userId]);

    expect((await get('/api/audit-entries?from=2026-02-02&to=2026-02-01')).statusCode).toBe(400);
  });

  it('exports the filtered log as CSV, dates in the merchant time zone, and records the export', async () => {
    const response = await get('/api/audit-entries/export.csv?kind=transaction.settled&locale=fr-CA');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="audit-log-/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toContain(`Date (${timeZone})`);
    expect(lines[0]).toContain('Modification');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('transaction.settled');
    expect(lines[1]).toContain(transactionId);
    // Who acted is in French with the headers.
    expect(lines[1]).toContain(',Utilisateur,');
    expect(lines[1]).toContain(',Administrateur,');
    expect(lines[1]).not.toMatch(/,(USER|ADMIN),/);
    // JSON has quotes and commas: the field is quoted with its quotes doubled.
    expect(lines[1]).toContain('""settled"":""50.00 USD""');
    expect((await page('?kind=audit.exported')).items).toHaveLength(1);
  });

  it('shows a merchant only its own entries', async () => {
    await recordAudit(testApp.database.db, SYSTEM_AUDIT_CONTEXT, {
      merchantId: rbcId,
      kind: 'merchant.updated',
      subjectType: 'merchant',
      subjectId: rbcId,
    });
    const rbcAdmin = await authHeader(testApp.database, config, { role: 'ADMIN', merchantId: rbcId });
    const theirs = await page('', rbcAdmin);
    expect(theirs.items.map((item) => item.kind)).toEqual(['merchant.updated']);
    expect((await page('?kind=merchant.updated')).items).toEqual([]);
    const csv = await get('/api/audit-entries/export.csv', rbcAdmin);
    expect(csv.body).not.toContain(transactionId);
  });

  it('is for ADMIN and provider staff; USER and READ_ONLY are refused', async () => {
    for (const role of ['USER', 'READ_ONLY'] as const) {
      const headers = await authHeader(testApp.database, config, { role });
      for (const url of [
        '/api/audit-entries',
        '/api/audit-entries/facets',
        '/api/audit-entries/export.csv',
      ]) {
        expect((await get(url, headers)).statusCode, `${role} ${url}`).toBe(403);
      }
    }
    const support = await authHeader(testApp.database, config, {
      role: 'INTERNAL_SUPPORT',
      merchantId: mainId,
    });
    expect((await page('?kind=transaction.settled', support)).items).toHaveLength(1);
    const unchosen = await authHeader(testApp.database, config, { role: 'INTERNAL_ADMIN' });
    expect((await get('/api/audit-entries', unchosen)).statusCode).toBe(403);
    expect((await get('/api/audit-entries', {})).statusCode).toBe(401);
  });

  it('names the users and carts an entry names by id: who acted, whose role changed, which cart', async () => {
    const { db } = testApp.database;
    const [actor, subject] = await db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name'])
      .where('merchant_id', '=', mainId)
      .orderBy('email')
      .limit(2)
      .execute();
    const cart = await db
      .selectFrom('carts')
      .select(['id', 'name'])
      .where('merchant_id', '=', mainId)
      .executeTakeFirstOrThrow();
    if (actor === undefined || subject === undefined) throw new Error('two users expected');
    const context = {
      actor: { type: 'USER' as const, userId: actor.id, email: actor.email, role: 'ADMIN' as const },
      requestId: null,
    };
    await recordAudit(db, context, {
      merchantId: mainId,
      kind: 'user.role_updated',
      subjectType: 'user',
      subjectId: subject.id,
      before: { role: 'READ_ONLY' },
      after: { role: 'USER' },
    });
    await recordAudit(db, context, {
      merchantId: mainId,
      kind: 'cart.expired',
      subjectType: 'cart',
      subjectId: cart.id,
    });
    const [role] = (await page('?kind=user.role_updated')).items;
    expect(role?.actor.name).toBe(`${actor.first_name} ${actor.last_name}`);
    expect(role?.subjectName).toBe(`${subject.first_name} ${subject.last_name}`);
    const [expired] = (await page('?kind=cart.expired')).items;
    expect(expired?.subjectName).toBe(cart.name);
    const [settled] = (await page('?kind=transaction.settled')).items;
    expect(settled?.subjectName).toBeNull();
  });

  it("keeps the provider's own settings of a merchant out of the merchant's log, and shows them to provider staff", async () => {
    await recordAudit(testApp.database.db, SYSTEM_AUDIT_CONTEXT, {
      merchantId: mainId,
      kind: 'feature_flag.overridden',
      subjectType: 'feature_flag',
      subjectId: 'isLocationPageEnabled',
      after: { override: 'false' },
    });
    const staff = await authHeader(testApp.database, config, { role: 'INTERNAL_ADMIN', merchantId: mainId });

    expect((await page('?kind=feature_flag.overridden')).items).toEqual([]);
    expect((await page()).items.map((item) => item.kind)).not.toContain('feature_flag.overridden');
    const facets = dataResponseSchema(auditFacetsSchema).parse(
      (await get('/api/audit-entries/facets')).json(),
    );
    expect(facets.data.kinds).not.toContain('feature_flag.overridden');
    const exported = await get('/api/audit-entries/export.csv?locale=en');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('transaction.settled');
    expect(exported.body).not.toContain('feature_flag.overridden');

    expect((await page('?kind=feature_flag.overridden', staff)).items).toHaveLength(1);
    const staffFacets = dataResponseSchema(auditFacetsSchema).parse(
      (await get('/api/audit-entries/facets', staff)).json(),
    );
    expect(staffFacets.data.kinds).toContain('feature_flag.overridden');
    expect((await get('/api/audit-entries/export.csv?locale=en', staff)).body).toContain(
      'feature_flag.overridden',
    );
  });
});
