import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataResponseSchema } from '@portal/contracts/api';
import { merchantValuesSchema } from '@portal/contracts/merchant-values';
import { MAIN_MERCHANT, MANY_PROGRAMS_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';

const answer = dataResponseSchema(merchantValuesSchema);
type Headers = Record<string, string>;

describe.each(TEST_DIALECTS)('internal merchant values (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let mainId: string;
  let manyId: string;
  let support: Headers;
  let internalAdmin: Headers;

  const programNamed = async (name: string) =>
    (
      await testApp.database.db
        .selectFrom('programs')
        .where('name', '=', name)
        .select('id')
        .executeTakeFirstOrThrow()
    ).id;
  const url = (programId: string, merchantId = mainId) =>
    `/api/program/${programId}/merchant/${merchantId}/values`;
  const get = (path: string, headers: Headers) => testApp.app.inject({ method: 'GET', url: path, headers });
  const patch = (path: string, headers: Headers, payload: object) =>
    testApp.app.inject({ method: 'PATCH', url: path, headers, payload });

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    await seedDemoData(testApp.database.db, { size: 'small' });
    mainId = await merchantIdByName(testApp.database.db, MAIN_MERCHANT);
    manyId = await merchantIdByName(testApp.database.db, MANY_PROGRAMS_MERCHANT);
    support = await authHeader(testApp.database, config, { role: 'INTERNAL_SUPPORT', merchantId: mainId });
    internalAdmin = await authHeader(testApp.database, config, {
      role: 'INTERNAL_ADMIN',
      merchantId: mainId,
    });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it("reads the merchant's values of a program", async () => {
    const response = await get(url(await programNamed('Online 0% APR, 12 months')), support);
    expect(response.statusCode).toBe(200);
    const { data } = answer.parse(response.json());
    expect(data.merchantID).toBe(mainId);
    expect(Object.keys(data.values).sort()).toEqual([
      'externalMerchantReference',
      'merchantCategoryCode',
      'riskTier',
      'settlementDelayDays',
    ]);
    expect(data.values.merchantCategoryCode).toBe('5941');
  });

  it('sets, adds and removes values together', async () => {
    const path = url(await programNamed('In-store virtual card'));
    const response = await patch(path, internalAdmin, {
      riskTier: 'LOW',
      'acquirer.mid_2': 'A1',
      settlementDelayDays: null,
    });
    expect(response.statusCode).toBe(200);
    const { values } = answer.parse(response.json()).data;
    expect(values.riskTier).toBe('LOW');
    expect(values['acquirer.mid_2']).toBe('A1');
    expect(values).not.toHaveProperty('settlementDelayDays');
    expect(answer.parse((await get(path, support)).json()).data.values).toEqual(values);
  });

  it('audits the keys that changed, before and after, and writes nothing when nothing changed', async () => {
    const programId = await programNamed('Online 0% APR, 12 months');
    const path = url(programId);
    const entries = () =>
      testApp.database.db
        .selectFrom('audit_entries')
        .select(['subject_id', 'before', 'after', 'actor_role'])
        .where('merchant_id', '=', mainId)
        .where('kind', '=', 'merchant_values.updated')
        .execute();
    const { values } = answer.parse((await get(path, support)).json()).data;
    const before = (await entries()).length;
    await patch(path, internalAdmin, {
      merchantCategoryCode: '5999',
      riskTier: values.riskTier ?? null,
      'new.key': 'added',
    });
    await patch(path, internalAdmin, { merchantCategoryCode: '5999' });
    const after = await entries();
    expect(after).toHaveLength(before + 1);
    const entry = after.at(-1);
    expect(entry?.subject_id).toBe(programId);
    expect(entry?.actor_role).toBe('INTERNAL_ADMIN');
    expect(JSON.parse(entry?.before ?? 'null')).toEqual({ merchantCategoryCode: '5941', 'new.key': null });
    expect(JSON.parse(entry?.after ?? 'null')).toEqual({ merchantCategoryCode: '5999', 'new.key': 'added' });
  });

  it('refuses keys outside letters, digits, dots and underscores up to 64, and an empty change', async () => {
    const path = url(await programNamed('In-store virtual card'));
    const before = answer.parse((await get(path, support)).json()).data.values;
    for (const body of [
      { 'bad key': 'x', riskTier: 'HIGH' },
      { ['k'.repeat(65)]: 'x' },
      { 'a-b': 'x' },
      {},
    ]) {
      const response = await patch(path, internalAdmin, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    expect(answer.parse((await get(path, support)).json()).data.values).toEqual(before);
    expect((await patch(path, internalAdmin, { ['k'.repeat(64)]: 'x' })).statusCode).toBe(200);
  });

  it('refuses without a token, without the scope, and for another merchant or program', async () => {
    const program = await programNamed('Online 0% APR, 12 months');
    const admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
    expect((await get(url(program), {})).statusCode).toBe(401);
    expect((await patch(url(program), {}, { a: 'b' })).statusCode).toBe(401);
    // ADMIN has no internal-settings scope; INTERNAL_SUPPORT may read but not change.
    expect((await get(url(program), admin)).statusCode).toBe(403);
    expect((await patch(url(program), admin, { a: 'b' })).statusCode).toBe(403);
    expect((await patch(url(program), support, { a: 'b' })).statusCode).toBe(403);

    expect((await get(url(program, manyId), support)).statusCode).toBe(403);
    expect((await patch(url(program, manyId), internalAdmin, { a: 'b' })).statusCode).toBe(403);

    const marketplace = await testApp.database.db
      .selectFrom('merchant_program_participations')
      .where('merchant_id', '=', manyId)
      .where('program_id', 'not in', (eb) =>
        eb
          .selectFrom('merchant_program_participations')
          .where('merchant_id', '=', mainId)
          .select('program_id'),
      )
      .select('program_id')
      .executeTakeFirstOrThrow();
    const foreign = await get(url(marketplace.program_id), support);
    const missing = await get(url(randomUUID()), support);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual(missing.json());
    expect((await patch(url(marketplace.program_id), internalAdmin, { a: 'b' })).statusCode).toBe(403);
  });
});
