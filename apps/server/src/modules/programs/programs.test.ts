import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTICIPATIONS_PAGE_SIZE } from '@portal/contracts/constants';
import { dataResponseSchema, listResponseSchema } from '@portal/contracts/api';
import { deriveProgramFlags, participationSchema, programSchema } from '@portal/contracts/programs';
import { MAIN_MERCHANT, MANY_PROGRAMS_MERCHANT, RBC_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';

const participationList = listResponseSchema(participationSchema);
const programAnswer = dataResponseSchema(programSchema);

describe.each(TEST_DIALECTS)('programs and participations (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let mainId: string;
  let manyId: string;
  let rbcId: string;
  let mainHeaders: { authorization: string };
  let manyHeaders: { authorization: string };

  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });
  const participationsUrl = (merchantId: string, query = '') =>
    `/api/merchant-program-participation?merchantID.eq=${merchantId}${query}`;

  /** A program only the given merchant has taken part in, ended or not. */
  const programOf = async (merchantId: string, ended: boolean) => {
    let query = testApp.database.db
      .selectFrom('merchant_program_participations')
      .where('merchant_id', '=', merchantId)
      .select('program_id')
      .orderBy('id');
    query = ended ? query.where('deleted_at', 'is not', null) : query.where('deleted_at', 'is', null);
    const row = await query.executeTakeFirstOrThrow();
    return row.program_id;
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    await seedDemoData(testApp.database.db, { size: 'small' });
    mainId = await merchantIdByName(testApp.database.db, MAIN_MERCHANT);
    manyId = await merchantIdByName(testApp.database.db, MANY_PROGRAMS_MERCHANT);
    rbcId = await merchantIdByName(testApp.database.db, RBC_MERCHANT);
    mainHeaders = await authHeader(testApp.database, config, { role: 'READ_ONLY' });
    manyHeaders = await authHeader(testApp.database, config, { role: 'ADMIN', merchantId: manyId });
  });

  afterAll(async () => {
    await testApp.close();
  });

  describe('GET /api/merchant-program-participation', () => {
    it('pages 260 participations as 200 + 60 in a stable order, ended ones included', async () => {
      const first = await get(
        participationsUrl(manyId, '&showArchived=true&limit=200&offset=0'),
        manyHeaders,
      );
      expect(first.statusCode).toBe(200);
      const page1 = participationList.parse(first.json()).data;
      expect(page1.items).toHaveLength(PARTICIPATIONS_PAGE_SIZE);
      expect(page1.pagination).toEqual({ offset: 0, limit: 200, total: 260 });

      const second = await get(
        participationsUrl(manyId, '&showArchived=true&limit=200&offset=200'),
        manyHeaders,
      );
      const page2 = participationList.parse(second.json()).data;
      expect(page2.items).toHaveLength(60);
      expect(page2.pagination).toEqual({ offset: 200, limit: 200, total: 260 });

      const all = [...page1.items, ...page2.items];
      expect(new Set(all.map((item) => item.id)).size).toBe(260);
      expect(all.every((item) => item.merchantID === manyId)).toBe(true);
      expect(all.filter((item) => item.deletedAt !== null)).toHaveLength(15);
      const keys = all.map((item) => `${item.createdAt.toISOString()}|${item.id}`);
      expect(keys).toEqual([...keys].sort());
    });

    it('leaves ended participations out unless showArchived=true', async () => {
      for (const query of ['&showArchived=false', '']) {
        const response = await get(participationsUrl(manyId, query), manyHeaders);
        const { items, pagination } = participationList.parse(response.json()).data;
        expect(pagination.total).toBe(245);
        expect(pagination.limit).toBe(PARTICIPATIONS_PAGE_SIZE);
        expect(items.every((item) => item.deletedAt === null)).toBe(true);
      }
    });

    it('answers an offset past the end with no items and the total', async () => {
      const response = await get(participationsUrl(manyId, '&showArchived=true&offset=400'), manyHeaders);
      expect(participationList.parse(response.json()).data).toEqual({
        items: [],
        pagination: { offset: 400, limit: 200, total: 260 },
      });
    });

    it('refuses a page larger than 200 and a missing merchant', async () => {
      const tooLarge = await get(participationsUrl(manyId, '&limit=201'), manyHeaders);
      expect(tooLarge.statusCode).toBe(400);
      expect(tooLarge.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', details: [{ path: 'query.limit' }] },
      });
      const noMerchant = await get('/api/merchant-program-participation', manyHeaders);
      expect(noMerchant.statusCode).toBe(400);
    });

    it("refuses another merchant's participations, and callers without a token or merchant", async () => {
      expect((await get(participationsUrl(mainId), manyHeaders)).statusCode).toBe(403);
      expect((await get(participationsUrl(manyId))).statusCode).toBe(401);
      const staff = await authHeader(testApp.database, config, { role: 'INTERNAL_ADMIN' });
      expect((await get(participationsUrl(manyId), staff)).statusCode).toBe(403);
    });

    it('needs no scope beyond signing in, and serves provider staff their chosen merchant', async () => {
      const bare = await authHeader(testApp.database, config, { role: 'READ_ONLY', scopes: [] });
      expect((await get(participationsUrl(mainId), bare)).statusCode).toBe(200);
      const staff = await authHeader(testApp.database, config, {
        role: 'INTERNAL_SUPPORT',
        merchantId: rbcId,
      });
      const response = await get(participationsUrl(rbcId), staff);
      expect(participationList.parse(response.json()).data.pagination.total).toBe(4);
    });
  });

  describe('revalidation', () => {
    /** Asks once, then again with the answer's ETag. */
    const twice = async (url: string, headers: Record<string, string>) => {
      const first = await get(url, headers);
      const etag = first.headers.etag;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await get(url, { ...headers, 'if-none-match': String(etag) });
      return { first, again, etag: String(etag) };
    };

    it('answers an unchanged participation page 304 without a body, and asks the browser to revalidate it', async () => {
      const url = participationsUrl(manyId, '&showArchived=true&limit=200&offset=0');
      const { first, again, etag } = await twice(url, manyHeaders);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
      expect(first.headers.vary).toMatch(/authorization/i);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      // Another page is another answer, with its own tag: the old one gets the whole page.
      const other = await get(participationsUrl(manyId, '&showArchived=true&limit=200&offset=200'), {
        ...manyHeaders,
        'if-none-match': etag,
      });
      expect(other.statusCode).toBe(200);
      expect(other.headers.etag).not.toBe(etag);
      expect(participationList.parse(other.json()).data.items).toHaveLength(60);
    });

    it('sends the page again once a participation changed', async () => {
      const url = participationsUrl(mainId, '&showArchived=true');
      const { etag } = await twice(url, mainHeaders);
      const programId = await programOf(mainId, false);
      await testApp.database.db
        .updateTable('merchant_program_participations')
        .set({ deleted_at: new Date().toISOString() })
        .where('merchant_id', '=', mainId)
        .where('program_id', '=', programId)
        .execute();
      try {
        const changed = await get(url, { ...mainHeaders, 'if-none-match': etag });
        expect(changed.statusCode).toBe(200);
        expect(changed.headers.etag).not.toBe(etag);
      } finally {
        await testApp.database.db
          .updateTable('merchant_program_participations')
          .set({ deleted_at: null })
          .where('merchant_id', '=', mainId)
          .where('program_id', '=', programId)
          .execute();
      }
    });

    it('answers an unchanged program 304 without a body', async () => {
      const { first, again, etag } = await twice(
        `/api/program/${await programOf(mainId, false)}`,
        mainHeaders,
      );
      expect(first.statusCode).toBe(200);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('private, max-age=300, must-revalidate');
      // A tag of another program does not spare this one's body.
      const other = await get(`/api/program/${await programOf(manyId, false)}`, {
        ...manyHeaders,
        'if-none-match': etag,
      });
      expect(other.statusCode).toBe(200);
    });
  });

  describe('GET /api/program/:id', () => {
    it('answers a program the merchant takes part in, with money in its brand currency', async () => {
      const programId = await programOf(mainId, false);
      const response = await get(`/api/program/${programId}`, mainHeaders);
      expect(response.statusCode).toBe(200);
      const { data } = programAnswer.parse(response.json());
      expect(data.id).toBe(programId);
      expect(data.minAmount.currency).toBe('USD');
      expect(data.maxAmount.value).toBeGreaterThanOrEqual(data.minAmount.value);
      // Kept by this browser for this token only, a few minutes: the portal asks for each at every start.
      expect(response.headers['cache-control']).toBe('private, max-age=300, must-revalidate');
      expect(response.headers.vary).toMatch(/authorization/i);

      const rbcHeaders = await authHeader(testApp.database, { ...config, brand: 'rbc' }, { role: 'ADMIN' });
      const rbcProgram = await get(`/api/program/${await programOf(rbcId, false)}`, rbcHeaders);
      expect(programAnswer.parse(rbcProgram.json()).data.minAmount.currency).toBe('CAD');
    });

    it('answers the program of an ended participation', async () => {
      const response = await get(`/api/program/${await programOf(mainId, true)}`, mainHeaders);
      expect(response.statusCode).toBe(200);
    });

    it('answers a program the merchant left and joined again (two participations of it)', async () => {
      const programId = await programOf(mainId, false);
      const earlier = {
        id: crypto.randomUUID(),
        merchant_id: mainId,
        program_id: programId,
        created_at: '2020-01-01T00:00:00.000Z',
        deleted_at: '2021-01-01T00:00:00.000Z',
      };
      await testApp.database.db.insertInto('merchant_program_participations').values(earlier).execute();
      try {
        const response = await get(`/api/program/${programId}`, mainHeaders);
        expect(response.statusCode).toBe(200);
        expect(programAnswer.parse(response.json()).data.id).toBe(programId);
      } finally {
        await testApp.database.db
          .deleteFrom('merchant_program_participations')
          .where('id', '=', earlier.id)
          .execute();
      }
    });

    it("refuses another merchant's program exactly like one that does not exist", async () => {
      // Only the marketplace merchant takes part in its ended marketplace programs.
      const foreign = await get(`/api/program/${await programOf(manyId, true)}`, mainHeaders);
      const missing = await get('/api/program/00000000-0000-4000-8000-000000000000', mainHeaders);
      expect(foreign.statusCode).toBe(403);
      expect(missing.statusCode).toBe(403);
      expect(foreign.json()).toEqual(missing.json());
      // A refusal is never kept: the program may become the merchant's.
      expect(foreign.headers['cache-control'] ?? '').not.toContain('max-age');
      expect(foreign.headers.etag).toBeUndefined();
      // Nor answered 304 for a tag a 200 had.
      const programId = await programOf(mainId, false);
      const { etag } = (await get(`/api/program/${programId}`, mainHeaders)).headers;
      const refused = await get(`/api/program/${await programOf(manyId, true)}`, {
        ...mainHeaders,
        'if-none-match': String(etag),
      });
      expect(refused.statusCode).toBe(403);
    });

    it('refuses a caller without a token', async () => {
      expect((await get(`/api/program/${await programOf(mainId, false)}`)).statusCode).toBe(401);
    });

    it('gives the main demo merchant every derived program flag', async () => {
      const response = await get(participationsUrl(mainId), mainHeaders);
      const { items } = participationList.parse(response.json()).data;
      const programs = await Promise.all(
        items.map(async (item) => {
          const answer = await get(`/api/program/${item.programID}`, mainHeaders);
          return programAnswer.parse(answer.json()).data;
        }),
      );
      expect(deriveProgramFlags(programs)).toEqual({
        ecommerce: true,
        ecommerceCheckoutSdk: true,
        instore: true,
        instoreVirtualCard: true,
      });
    });
  });
});
