import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataResponseSchema, errorBodySchema } from '@portal/contracts/api';
import {
  locationDetailSchema,
  locationListResponseSchema,
  locationSchema,
  type LocationInput,
} from '@portal/contracts/locations';
import { ALL_SCOPES, SCOPES } from '@portal/contracts/scopes';
import { LOCATIONS_OFF_MERCHANT, MAIN_MERCHANT, MANY_PROGRAMS_MERCHANT } from '../../seed/demo-merchants.js';

// Another bread merchant with the locations page on: the one whose locations merchant A must not reach.
const OTHER_MERCHANT = MANY_PROGRAMS_MERCHANT;
import { seedDemoData } from '../../seed/seed.js';
import { locationInput } from '../../test/location-fixtures.js';
import { buildTestApp, jsonRequest, type TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { activePrograms, insertTransactionFixtures } from '../../test/transaction-fixtures.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';
import { zonedMonth } from './service.js';

const listAnswer = dataResponseSchema(locationListResponseSchema);
const oneAnswer = dataResponseSchema(locationSchema);
const detailAnswer = dataResponseSchema(locationDetailSchema);
type Headers = Record<string, string>;
type Answer = { statusCode: number; json: () => unknown };

const refusal = (response: Answer) => ({
  status: response.statusCode,
  ...errorBodySchema.parse(response.json()).error,
});

describe.each(TEST_DIALECTS)('locations (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let mainId: string;
  let admin: Headers;
  let readOnly: Headers;
  let otherAdmin: Headers;
  let flagOffAdmin: Headers;

  const inject = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Headers, payload?: object) =>
    testApp.app.inject({ method, url, ...jsonRequest(headers, payload) });
  const list = async (query: string, headers: Headers = admin) => {
    const response = await inject('GET', `/api/locations?${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return listAnswer.parse(response.json()).data;
  };
  const create = async (input: LocationInput, headers: Headers = admin) => {
    const response = await inject('POST', '/api/locations', headers, input);
    expect(response.statusCode, response.body).toBe(201);
    return oneAnswer.parse(response.json()).data;
  };
  const detail = async (id: string, headers: Headers = admin) => {
    const response = await inject('GET', `/api/locations/${id}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return detailAnswer.parse(response.json()).data;
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    const { database } = testApp;
    await seedDemoData(database.db, { size: 'small' });
    mainId = await merchantIdByName(database.db, MAIN_MERCHANT);
    admin = await authHeader(database, config, { role: 'ADMIN' });
    readOnly = await authHeader(database, config, { role: 'READ_ONLY' });
    otherAdmin = await authHeader(database, config, {
      role: 'ADMIN',
      merchantId: await merchantIdByName(database.db, OTHER_MERCHANT),
    });
    flagOffAdmin = await authHeader(database, config, {
      role: 'ADMIN',
      merchantId: await merchantIdByName(database.db, LOCATIONS_OFF_MERCHANT),
    });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it("lists the merchant's own locations, searched, filtered, sorted and paged", async () => {
    const all = await list('limit=100');
    expect(all.items.length).toBeGreaterThan(2);
    expect(all.pagination.total).toBe(all.items.length);
    const names = all.items.map((item) => item.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const others = await list('limit=100', otherAdmin);
    const ownIds = new Set(all.items.map((item) => item.id));
    expect(others.items.some((item) => ownIds.has(item.id))).toBe(false);

    const inactive = await list('status=INACTIVE');
    expect(inactive.items.length).toBeGreaterThan(0);
    expect(inactive.items.every((item) => item.status === 'INACTIVE' && item.deactivatedAt !== null)).toBe(
      true,
    );

    const first = all.items[0];
    if (first === undefined) throw new Error('no location');
    const searched = await list(`search=${encodeURIComponent(first.storeNumber.toLowerCase())}`);
    expect(searched.items.map((item) => item.id)).toContain(first.id);
    expect(await list('search=%25_nothing_like_this')).toMatchObject({ items: [], pagination: { total: 0 } });

    const descending = await list('sort=storeNumber&order=desc&limit=100');
    const numbers = descending.items.map((item) => item.storeNumber.toLowerCase());
    expect(numbers).toEqual([...numbers].sort().reverse());
    const byCity = await list('sort=city&limit=25&offset=1');
    expect(byCity.pagination).toEqual({ offset: 1, limit: 25, total: all.pagination.total });
    expect(byCity.items).toHaveLength(all.items.length - 1);
  });

  it('adds a location with an address checked against its country, audited', async () => {
    const added = await create(locationInput({ storeNumber: 'T-ADD-1', postalCode: '10001-1234' }));
    expect(added).toMatchObject({ status: 'ACTIVE', storeNumber: 'T-ADD-1', addressLine2: 'Level 3' });
    const canadian = await create(
      locationInput({
        storeNumber: 'T-ADD-CA',
        country: 'CA',
        region: 'qc',
        postalCode: 'h2x 1y4',
        city: 'Montréal',
        timeZone: 'America/Toronto',
        addressLine2: '',
      }),
    );
    expect(canadian).toMatchObject({ region: 'QC', postalCode: 'H2X 1Y4', addressLine2: '' });

    const audit = await testApp.database.db
      .selectFrom('audit_entries')
      .select(['kind', 'merchant_id'])
      .where('subject_id', '=', added.id)
      .execute();
    expect(audit).toEqual([{ kind: 'location.created', merchant_id: mainId }]);

    const badUs = await inject(
      'POST',
      '/api/locations',
      admin,
      locationInput({ storeNumber: 'T-BAD', region: 'QC', postalCode: '1234', timeZone: 'America/Toronto' }),
    );
    expect(refusal(badUs).status).toBe(400);
    expect(
      refusal(badUs)
        .details?.map((detail) => detail.path)
        .sort(),
    ).toEqual(['body.postalCode', 'body.region', 'body.timeZone']);
    const badCa = await inject(
      'POST',
      '/api/locations',
      admin,
      locationInput({ storeNumber: 'T-BAD', country: 'CA', region: 'ON', postalCode: 'D1A 1A1' }),
    );
    expect(
      refusal(badCa)
        .details?.map((detail) => detail.path)
        .sort(),
    ).toEqual(['body.postalCode', 'body.timeZone']);

    const taken = await inject('POST', '/api/locations', admin, locationInput({ storeNumber: 'T-ADD-1' }));
    expect(refusal(taken)).toMatchObject({ status: 409, reason: 'location.store_number_taken' });
    expect(refusal(taken).details?.[0]?.path).toBe('body.storeNumber');
    // Store numbers are each merchant's own.
    await create(locationInput({ storeNumber: 'T-ADD-1' }), otherAdmin);
  });

  it("edits a location, and answers another merchant's as one that does not exist", async () => {
    const added = await create(locationInput({ storeNumber: 'T-EDIT-1' }));
    const response = await inject(
      'PUT',
      `/api/locations/${added.id}`,
      admin,
      locationInput({ storeNumber: 'T-EDIT-1', name: 'Renamed store', phone: '(212) 555-0199' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(oneAnswer.parse(response.json()).data).toMatchObject({
      name: 'Renamed store',
      phone: '(212) 555-0199',
    });
    const audit = await testApp.database.db
      .selectFrom('audit_entries')
      .select(['before', 'after'])
      .where('subject_id', '=', added.id)
      .where('kind', '=', 'location.updated')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after ?? '{}')).toEqual({ name: 'Renamed store', phone: '(212) 555-0199' });

    const foreign = await inject('PUT', `/api/locations/${added.id}`, otherAdmin, locationInput());
    expect(refusal(foreign)).toMatchObject({ status: 404, reason: 'location.not_found' });
    expect(refusal(await inject('GET', `/api/locations/${added.id}`, otherAdmin))).toMatchObject({
      status: 404,
    });
    expect((await detail(added.id)).location.name).toBe('Renamed store');
  });

  it('deactivates a location that keeps its transactions, and reactivates it', async () => {
    const added = await create(locationInput({ storeNumber: 'T-DEACT-1' }));
    const [program] = await activePrograms(testApp.database.db, mainId);
    if (program === undefined) throw new Error('no program');
    const [sale] = await insertTransactionFixtures(testApp.database.db, [
      { merchant_id: mainId, program_id: program.id, location_id: added.id, channel: 'INSTORE' },
    ]);

    const deactivated = await inject('POST', `/api/locations/${added.id}/deactivate`, admin);
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const location = oneAnswer.parse(deactivated.json()).data;
    expect(location.status).toBe('INACTIVE');
    expect(location.deactivatedAt).toBeInstanceOf(Date);
    const again = await inject('POST', `/api/locations/${added.id}/deactivate`, admin);
    expect(refusal(again)).toMatchObject({ status: 409, reason: 'location.already_inactive' });

    const transaction = await inject('GET', `/api/transactions/${String(sale?.id)}`, admin);
    expect(transaction.json()).toMatchObject({ data: { locationID: added.id, locationName: added.name } });

    const reactivated = await inject('POST', `/api/locations/${added.id}/reactivate`, admin);
    expect(oneAnswer.parse(reactivated.json()).data).toMatchObject({ status: 'ACTIVE', deactivatedAt: null });
    const kinds = await testApp.database.db
      .selectFrom('audit_entries')
      .select('kind')
      .where('subject_id', '=', added.id)
      .orderBy('created_at')
      .execute();
    expect(kinds.map((row) => row.kind)).toEqual([
      'location.created',
      'location.deactivated',
      'location.reactivated',
    ]);
  });

  it("counts this month's transactions and settled sales in the merchant's time zone", async () => {
    const added = await create(locationInput({ storeNumber: 'T-FIG-1' }));
    const [program] = await activePrograms(testApp.database.db, mainId);
    if (program === undefined) throw new Error('no program');
    const month = zonedMonth('America/New_York', new Date());
    const justBefore = new Date(Date.parse(month.from) - 1_000).toISOString();
    const sale = {
      merchant_id: mainId,
      program_id: program.id,
      location_id: added.id,
      channel: 'INSTORE' as const,
    };
    await insertTransactionFixtures(testApp.database.db, [
      { ...sale, created_at: month.from, status: 'SETTLED', settled: 12_500, total: 12_500 },
      { ...sale, created_at: new Date().toISOString(), status: 'AUTHORIZED' },
      { ...sale, created_at: justBefore, status: 'SETTLED', settled: 99_900, total: 99_900 },
    ]);
    const { figures } = await detail(added.id);
    expect(figures).toEqual({
      monthStart: month.firstDay,
      transactionCount: 2,
      settledSales: { currency: 'USD', value: 12_500 },
    });
  });

  it('exports the filtered list as CSV, audited', async () => {
    const response = await inject('GET', '/api/locations/export.csv?status=INACTIVE&locale=fr-CA', admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = response.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(header).toContain('No de magasin');
    expect(header).toContain('(America/New_York)');
    expect(rows.length).toBe((await list('status=INACTIVE&limit=100')).pagination.total);
    expect(rows.every((row) => row.includes(',Inactif,'))).toBe(true);
    const exported = await testApp.database.db
      .selectFrom('audit_entries')
      .select('kind')
      .where('kind', '=', 'location.exported')
      .execute();
    expect(exported).toHaveLength(1);
  });

  it('refuses every call to a merchant whose flag is off, and to all when the tenant turns it off', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/locations'],
      ['GET', '/api/locations/export.csv'],
      ['POST', '/api/locations'],
    ];
    for (const [method, url] of calls) {
      const response = await inject(
        method as 'GET',
        url,
        flagOffAdmin,
        method === 'POST' ? locationInput() : undefined,
      );
      expect(refusal(response), url).toMatchObject({ status: 403, reason: 'location.feature_off' });
    }
    await list('limit=25');

    const { db } = testApp.database;
    const flag = await db
      .selectFrom('feature_flags')
      .innerJoin('merchants', 'merchants.tenant_id', 'feature_flags.tenant_id')
      .select(['feature_flags.id', 'feature_flags.value'])
      .where('merchants.id', '=', mainId)
      .where('feature_flags.name', '=', 'isLocationPageEnabled')
      .executeTakeFirstOrThrow();
    await db.updateTable('feature_flags').set({ value: 'false' }).where('id', '=', flag.id).execute();
    try {
      expect(refusal(await inject('GET', '/api/locations', admin)).status).toBe(403);
    } finally {
      await db.updateTable('feature_flags').set({ value: flag.value }).where('id', '=', flag.id).execute();
    }
    await list('limit=25');
  });

  it('lets read-only users look but not change, and refuses a token without the view scope', async () => {
    const [location] = (await list('limit=25', readOnly)).items;
    if (location === undefined) throw new Error('no location');
    const changes: ['POST' | 'PUT', string, object | undefined][] = [
      ['POST', '/api/locations', locationInput({ storeNumber: 'T-RO' })],
      ['PUT', `/api/locations/${location.id}`, locationInput({ storeNumber: 'T-RO' })],
      ['POST', `/api/locations/${location.id}/deactivate`, undefined],
      ['POST', `/api/locations/${location.id}/reactivate`, undefined],
    ];
    for (const [method, url, body] of changes) {
      expect((await inject(method, url, readOnly, body)).statusCode, url).toBe(403);
    }
    const noView = await authHeader(testApp.database, config, {
      role: 'INTERNAL_ADMIN',
      merchantId: mainId,
      scopes: ALL_SCOPES.filter((scope) => scope !== SCOPES.locationsView),
    });
    for (const url of ['/api/locations', `/api/locations/${location.id}`, '/api/locations/export.csv']) {
      expect((await inject('GET', url, noView)).statusCode, url).toBe(403);
    }
  });
});
