import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataResponseSchema, listResponseSchema } from '@portal/contracts/api';
import {
  enrollmentSchema,
  paymentProductAggregateSchema,
  paymentProductConfigurationSchema,
  paymentProductSchema,
} from '@portal/contracts/payment-products';
import { SCOPES } from '@portal/contracts/scopes';
import { z } from 'zod';
import { MAIN_MERCHANT, MANY_PROGRAMS_MERCHANT } from '../../seed/demo-merchants.js';
import { SYSTEM_AUDIT_CONTEXT } from '../audit/record-audit.js';
import { createEnrollment, enrollments } from './service.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';
import { DAY_MS } from '@portal/contracts/constants';
import { placementPlansSchema } from '@portal/contracts/placements';
import { merchantToday, zonedDayStart } from '../../lib/time-zone.js';

/** The main demo merchant's zone (seed). */
const MAIN_ZONE = 'America/New_York';

const productList = listResponseSchema(paymentProductSchema);
const aggregation = dataResponseSchema(z.array(paymentProductAggregateSchema));
const configurationList = listResponseSchema(paymentProductConfigurationSchema);
const enrollmentList = listResponseSchema(enrollmentSchema);
const enrollmentAnswer = dataResponseSchema(enrollmentSchema);

const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

type Headers = Record<string, string>;

describe.each(TEST_DIALECTS)('payment products and enrollments (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let mainId: string;
  let manyId: string;
  let summitId: string;
  let admin: Headers;
  let readOnly: Headers;

  const inject = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Headers,
    body?: unknown,
  ) =>
    testApp.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });

  /** The id of the demo program with this name. */
  const programNamed = async (name: string) =>
    (
      await testApp.database.db
        .selectFrom('programs')
        .where('name', '=', name)
        .select('id')
        .executeTakeFirstOrThrow()
    ).id;

  /** A new program with one INSTALLMENTS product that the main merchant takes part in. */
  const freshProgram = async () => {
    const { db } = testApp.database;
    const merchant = await db
      .selectFrom('merchants')
      .where('id', '=', mainId)
      .select('tenant_id')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const programId = randomUUID();
    const productId = randomUUID();
    await db
      .insertInto('programs')
      .values({
        id: programId,
        tenant_id: merchant.tenant_id,
        name: 'Test program',
        channel: 'ECOMM',
        display_interest_rate_bps: 0,
        checkout_mode: 'Modal',
        min_amount: 100,
        max_amount: 1000,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('payment_products')
      .values({
        id: productId,
        program_id: programId,
        product_type: 'INSTALLMENTS',
        name: 'Test',
        created_at: now,
      })
      .execute();
    await db
      .insertInto('merchant_program_participations')
      .values({
        id: randomUUID(),
        merchant_id: mainId,
        program_id: programId,
        created_at: now,
        deleted_at: null,
      })
      .execute();
    return { programId, productId };
  };

  const enroll = async (body: Record<string, unknown>, headers = admin) =>
    inject('POST', '/api/payment-product-enrollment', headers, body);

  const enrollmentRow = (id: string) =>
    testApp.database.db
      .selectFrom('payment_product_enrollments')
      .where('id', '=', id)
      .selectAll()
      .executeTakeFirst();

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    const { db } = testApp.database;
    await seedDemoData(db, { size: 'small' });
    mainId = await merchantIdByName(db, MAIN_MERCHANT);
    manyId = await merchantIdByName(db, MANY_PROGRAMS_MERCHANT);
    summitId = await merchantIdByName(db, 'Summit Cycle Works');
    admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
    readOnly = await authHeader(testApp.database, config, { role: 'READ_ONLY' });
  });

  afterAll(async () => {
    await testApp.close();
  });

  describe('program reads', () => {
    it("lists a program's products, filtered by type", async () => {
      const programId = await programNamed('Online 0% APR, 12 months');
      const all = productList.parse(
        (await inject('GET', `/api/program/${programId}/payment-product`, readOnly)).json(),
      );
      expect(all.data.items.map((item) => item.productType).sort()).toEqual(['INSTALLMENTS', 'SPLITPAY']);
      expect(all.data.pagination.total).toBe(2);
      const url = `/api/program/${programId}/payment-product?productType=SPLITPAY`;
      const split = productList.parse((await inject('GET', url, readOnly)).json());
      expect(split.data.items).toHaveLength(1);
      expect(split.data.items[0]?.programID).toBe(programId);
    });

    it('counts products, configurations and active enrollments per product type', async () => {
      const programId = await programNamed('In-store financing, 14.99% APR');
      const response = await inject('GET', `/api/program/${programId}/payment-product/aggregation`, readOnly);
      expect(aggregation.parse(response.json()).data).toEqual([
        { productType: 'INSTALLMENTS', products: 1, configurations: 3, activeEnrollments: 1 },
        { productType: 'SPLITPAY', products: 0, configurations: 0, activeEnrollments: 0 },
        // Its enrollment is scheduled years ahead: not active.
        { productType: 'DEBT_CONSOLIDATION', products: 1, configurations: 3, activeEnrollments: 0 },
      ]);
      const one = await inject(
        'GET',
        `/api/program/${programId}/payment-product/aggregation?productType=SPLITPAY`,
        readOnly,
      );
      expect(aggregation.parse(one.json()).data.map((entry) => entry.productType)).toEqual(['SPLITPAY']);
    });

    it("shows the program's defaults and the merchant's own values, never another merchant's", async () => {
      const programId = await programNamed('Online financing, 9.99% APR');
      const url = `/api/program/${programId}/payment-product-configuration`;
      const main = configurationList.parse((await inject('GET', url, readOnly)).json()).data.items;
      expect(main).toHaveLength(5);
      expect(main.filter((item) => item.ownerType === 'MERCHANT').map((item) => item.ownerID)).toEqual([
        mainId,
        mainId,
      ]);
      const rates = configurationList.parse((await inject('GET', `${url}?key=RATE`, readOnly)).json()).data
        .items;
      expect(rates.map((item) => item.key)).toEqual(['RATE', 'RATE']);

      const summit = await authHeader(testApp.database, config, { role: 'ADMIN', merchantId: summitId });
      const theirs = configurationList.parse((await inject('GET', url, summit)).json()).data.items;
      expect(theirs).toHaveLength(3);
      expect(theirs.every((item) => item.ownerType === null)).toBe(true);
      const aggregate = await inject('GET', `/api/program/${programId}/payment-product/aggregation`, summit);
      expect(aggregation.parse(aggregate.json()).data[0]).toMatchObject({ configurations: 3 });
    });
  });

  describe('GET /api/payment-product-enrollment', () => {
    it("lists only the merchant's enrollments with their status computed from the dates", async () => {
      const response = await inject('GET', '/api/payment-product-enrollment', readOnly);
      const { items, pagination } = enrollmentList.parse(response.json()).data;
      expect(items.length).toBeGreaterThanOrEqual(8);
      expect(pagination.total).toBe(items.length);
      expect(items.every((item) => item.merchantID === mainId)).toBe(true);
      const now = Date.now();
      for (const item of items) {
        const from = item.effectiveFrom.getTime();
        const to = item.effectiveTo === null ? Infinity : item.effectiveTo.getTime();
        expect(item.status).toBe(from > now ? 'SCHEDULED' : to <= now ? 'LAPSED' : 'ACTIVE');
      }
      expect(new Set(items.map((item) => item.status))).toEqual(new Set(['SCHEDULED', 'ACTIVE', 'LAPSED']));
    });

    it('filters by status in the database as the answer computes it', async () => {
      for (const status of ['SCHEDULED', 'ACTIVE', 'LAPSED'] as const) {
        const response = await inject('GET', `/api/payment-product-enrollment?status=${status}`, readOnly);
        const { items } = enrollmentList.parse(response.json()).data;
        expect(items.length).toBeGreaterThan(0);
        expect(items.every((item) => item.status === status)).toBe(true);
      }
    });
  });

  describe('POST /api/payment-product-enrollment', () => {
    it('enrolls from now, or from a later date as SCHEDULED, and refuses an overlapping period', async () => {
      const { programId, productId } = await freshProgram();
      const base = { programID: programId, paymentProductID: productId };
      const later = await enroll({ ...base, effectiveFrom: inDays(10), effectiveTo: inDays(20) });
      expect(later.statusCode).toBe(201);
      expect(enrollmentAnswer.parse(later.json()).data).toMatchObject({
        status: 'SCHEDULED',
        merchantID: mainId,
      });

      const now = await enroll({ ...base, effectiveTo: inDays(5) });
      expect(now.statusCode).toBe(201);
      expect(enrollmentAnswer.parse(now.json()).data.status).toBe('ACTIVE');

      const overlapping = await enroll({ ...base, effectiveFrom: inDays(15) });
      expect(overlapping.statusCode).toBe(409);
      expect(overlapping.json()).toMatchObject({ error: { code: 'CONFLICT', reason: 'enrollment.overlap' } });
      // Back to back with the scheduled one is not an overlap.
      const after = await enroll({ ...base, effectiveFrom: inDays(20) });
      expect(after.statusCode).toBe(201);
    });

    it('refuses an end before the start, a start in the past and an end already passed', async () => {
      const { programId, productId } = await freshProgram();
      const base = { programID: programId, paymentProductID: productId };
      const backwards = await enroll({ ...base, effectiveFrom: inDays(3), effectiveTo: inDays(2) });
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json()).toMatchObject({ error: { details: [{ path: 'body.effectiveTo' }] } });
      const past = await enroll({ ...base, effectiveFrom: inDays(-3) });
      expect(past.statusCode).toBe(422);
      expect(past.json()).toMatchObject({
        error: {
          details: [
            {
              path: 'body.effectiveFrom',
              message: 'Choose today or a later date',
              reason: 'enrollment.start_today_or_later',
              params: {},
            },
          ],
          reason: 'enrollment.start_in_past',
        },
      });
      const ended = await enroll({ ...base, effectiveTo: new Date(Date.now() - 1000).toISOString() });
      expect(ended.statusCode).toBe(400);
    });

    it("accepts a plain date of the merchant's today: the start of that day in its time zone", async () => {
      const { programId, productId } = await freshProgram();
      const today = merchantToday(MAIN_ZONE, new Date());
      const response = await enroll({
        programID: programId,
        paymentProductID: productId,
        effectiveFrom: today,
      });
      expect(response.statusCode).toBe(201);
      const start = enrollmentAnswer.parse(response.json()).data.effectiveFrom;
      expect(start.getTime()).toBe(zonedDayStart(today, MAIN_ZONE));
      // New York's midnight is 04:00 or 05:00 UTC, never the UTC midnight.
      expect(start.toISOString()).toMatch(/T0[45]:00:00\.000Z$/);
    });

    it('refuses a product of another program, and programs the merchant does not take part in now', async () => {
      const { programId } = await freshProgram();
      const other = await freshProgram();
      const wrongProduct = await enroll({ programID: programId, paymentProductID: other.productId });
      expect(wrongProduct.statusCode).toBe(422);
      expect(wrongProduct.json()).toMatchObject({ error: { details: [{ path: 'body.paymentProductID' }] } });

      const endedProgram = await programNamed('Split pay online');
      const endedProduct = await testApp.database.db
        .selectFrom('payment_products')
        .where('program_id', '=', endedProgram)
        .select('id')
        .executeTakeFirstOrThrow();
      const ended = await enroll({ programID: endedProgram, paymentProductID: endedProduct.id });
      expect(ended.statusCode).toBe(403);

      const foreign = await testApp.database.db
        .selectFrom('payment_products')
        .innerJoin('merchant_program_participations as p', 'p.program_id', 'payment_products.program_id')
        .where('p.merchant_id', '=', manyId)
        .where('payment_products.name', '=', 'Monthly installments')
        .where('payment_products.program_id', 'not in', (eb) =>
          eb
            .selectFrom('merchant_program_participations')
            .where('merchant_id', '=', mainId)
            .select('program_id'),
        )
        .select(['payment_products.id', 'payment_products.program_id'])
        .executeTakeFirstOrThrow();
      const refused = await enroll({ programID: foreign.program_id, paymentProductID: foreign.id });
      expect(refused.statusCode).toBe(403);
      const missing = await enroll({ programID: randomUUID(), paymentProductID: foreign.id });
      expect(refused.json()).toEqual(missing.json());
    });
  });

  describe('PATCH /api/payment-product-enrollment/:enrollmentID', () => {
    it('moves a scheduled enrollment and ends an active one later', async () => {
      const { programId, productId } = await freshProgram();
      const base = { programID: programId, paymentProductID: productId };
      const scheduled = enrollmentAnswer.parse(
        (await enroll({ ...base, effectiveFrom: inDays(30) })).json(),
      ).data;
      const moved = await inject('PATCH', `/api/payment-product-enrollment/${scheduled.id}`, admin, {
        effectiveFrom: inDays(40),
        effectiveTo: inDays(50),
      });
      expect(moved.statusCode).toBe(200);
      const movedData = enrollmentAnswer.parse(moved.json()).data;
      expect(movedData.status).toBe('SCHEDULED');
      expect(movedData.effectiveFrom.getTime()).toBeGreaterThan(Date.parse(inDays(39)));
      expect(movedData.effectiveTo).not.toBeNull();

      const active = enrollmentAnswer.parse((await enroll({ ...base, effectiveTo: inDays(5) })).json()).data;
      const extended = await inject('PATCH', `/api/payment-product-enrollment/${active.id}`, admin, {
        effectiveTo: inDays(10),
      });
      expect(extended.statusCode).toBe(200);
      expect(Date.parse((await enrollmentRow(active.id))?.effective_to ?? '')).toBeGreaterThan(
        Date.parse(inDays(9)),
      );
      // Reaching into the scheduled one's period is an overlap.
      const overlap = await inject('PATCH', `/api/payment-product-enrollment/${active.id}`, admin, {
        effectiveTo: null,
      });
      expect(overlap.statusCode).toBe(409);
    });

    it('keeps the start of an active enrollment and refuses an end before the start', async () => {
      const { programId, productId } = await freshProgram();
      const active = enrollmentAnswer.parse(
        (await enroll({ programID: programId, paymentProductID: productId })).json(),
      ).data;
      const url = `/api/payment-product-enrollment/${active.id}`;
      const start = await inject('PATCH', url, admin, { effectiveFrom: inDays(1) });
      expect(start.statusCode).toBe(422);
      const backwards = await inject('PATCH', url, admin, { effectiveTo: inDays(-400) });
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json()).toMatchObject({ error: { details: [{ path: 'body.effectiveTo' }] } });
      const empty = await inject('PATCH', url, admin, {});
      expect(empty.statusCode).toBe(400);
    });

    it('refuses to change a lapsed enrollment', async () => {
      const lapsed = enrollmentList.parse(
        (await inject('GET', '/api/payment-product-enrollment?status=LAPSED', admin)).json(),
      ).data.items[0];
      const response = await inject('PATCH', `/api/payment-product-enrollment/${lapsed?.id ?? ''}`, admin, {
        effectiveTo: inDays(10),
      });
      expect(response.statusCode).toBe(409);
    });
  });

  describe('DELETE /api/payment-product-enrollment/:enrollmentID', () => {
    it('ends an active enrollment now and keeps it; removes one not yet started; refuses a lapsed one', async () => {
      const { programId, productId } = await freshProgram();
      const base = { programID: programId, paymentProductID: productId };
      const active = enrollmentAnswer.parse((await enroll({ ...base, effectiveTo: inDays(3) })).json()).data;
      const scheduled = enrollmentAnswer.parse(
        (await enroll({ ...base, effectiveFrom: inDays(5) })).json(),
      ).data;

      const before = Date.now();
      expect((await inject('DELETE', `/api/payment-product-enrollment/${active.id}`, admin)).statusCode).toBe(
        204,
      );
      const ended = await enrollmentRow(active.id);
      expect(Date.parse(ended?.effective_to ?? '')).toBeGreaterThanOrEqual(before - 1);
      expect(Date.parse(ended?.effective_to ?? '')).toBeLessThanOrEqual(Date.now());

      expect(
        (await inject('DELETE', `/api/payment-product-enrollment/${scheduled.id}`, admin)).statusCode,
      ).toBe(204);
      expect(await enrollmentRow(scheduled.id)).toBeUndefined();

      const again = await inject('DELETE', `/api/payment-product-enrollment/${active.id}`, admin);
      expect(again.statusCode).toBe(409);
    });
  });

  describe("status in the merchant's time zone", () => {
    // 10 March 2030 is the day clocks go forward in North America: 06:00 UTC is 01:00 in Toronto
    // (already the 10th) and 22:00 on the 9th in Los Angeles.
    const NOW = new Date('2030-03-10T06:00:00.000Z');
    const change = { audit: SYSTEM_AUDIT_CONTEXT, now: NOW };

    /** Runs `work` with the main merchant in another zone, then puts its own back. */
    const inZone = async <T>(timeZone: string, work: () => Promise<T>): Promise<T> => {
      const { db } = testApp.database;
      await db.updateTable('merchants').set({ time_zone: timeZone }).where('id', '=', mainId).execute();
      try {
        return await work();
      } finally {
        await db.updateTable('merchants').set({ time_zone: MAIN_ZONE }).where('id', '=', mainId).execute();
      }
    };

    const statusAt = async (id: string, at: string) => {
      const { items } = await enrollments(
        testApp.database.db,
        mainId,
        { offset: 0, limit: 200 },
        new Date(at),
      );
      return items.find((item) => item.id === id)?.status;
    };

    it('starts a day at its midnight in the zone: ACTIVE in Toronto, still SCHEDULED in Los Angeles', async () => {
      const { db } = testApp.database;
      const toronto = await freshProgram();
      const east = await inZone('America/Toronto', () =>
        createEnrollment(
          db,
          mainId,
          { programID: toronto.programId, paymentProductID: toronto.productId, effectiveFrom: '2030-03-10' },
          change,
        ),
      );
      expect(east.effectiveFrom.toISOString()).toBe('2030-03-10T05:00:00.000Z');
      expect(east.status).toBe('ACTIVE');

      const vancouver = await freshProgram();
      const west = await inZone('America/Los_Angeles', () =>
        createEnrollment(
          db,
          mainId,
          {
            programID: vancouver.programId,
            paymentProductID: vancouver.productId,
            effectiveFrom: '2030-03-10',
            // After the clocks went forward: midnight is 07:00 UTC, not 08:00.
            effectiveTo: '2030-03-12',
          },
          change,
        ),
      );
      expect(west.effectiveFrom.toISOString()).toBe('2030-03-10T08:00:00.000Z');
      expect(west.effectiveTo?.toISOString()).toBe('2030-03-12T07:00:00.000Z');
      expect(west.status).toBe('SCHEDULED');
      expect(await statusAt(west.id, '2030-03-10T07:59:59.999Z')).toBe('SCHEDULED');
      expect(await statusAt(west.id, '2030-03-10T08:00:00.000Z')).toBe('ACTIVE');
      expect(await statusAt(west.id, '2030-03-12T06:59:59.999Z')).toBe('ACTIVE');
      expect(await statusAt(west.id, '2030-03-12T07:00:00.000Z')).toBe('LAPSED');
    });

    it("takes the merchant's today as today: the 9th is still today in Los Angeles, yesterday in Toronto", async () => {
      const { db } = testApp.database;
      const west = await freshProgram();
      const started = await inZone('America/Los_Angeles', () =>
        createEnrollment(
          db,
          mainId,
          { programID: west.programId, paymentProductID: west.productId, effectiveFrom: '2030-03-09' },
          change,
        ),
      );
      expect(started.status).toBe('ACTIVE');
      const east = await freshProgram();
      await expect(
        inZone('America/Toronto', () =>
          createEnrollment(
            db,
            mainId,
            { programID: east.programId, paymentProductID: east.productId, effectiveFrom: '2030-03-09' },
            change,
          ),
        ),
      ).rejects.toMatchObject({ status: 422, refusal: { reason: 'enrollment.start_in_past' } });
    });
  });

  describe('terms, audit and what the merchant offers', () => {
    const auditEntries = (subjectId: string) =>
      testApp.database.db
        .selectFrom('audit_entries')
        .where('subject_id', '=', subjectId)
        .selectAll()
        .orderBy('created_at')
        .execute();

    const plans = async () =>
      dataResponseSchema(placementPlansSchema).parse(
        (await inject('GET', '/api/placements/plans', admin)).json(),
      ).data.plans;

    it('refuses terms out of range, field by field, and writes nothing', async () => {
      const { programId, productId } = await freshProgram();
      const base = { programID: programId, paymentProductID: productId };
      for (const [terms, path] of [
        [{ TYPE: 'MONTHLY', NUMPAYMENTS: 1, RATE: 0 }, 'body.terms.NUMPAYMENTS'],
        [{ TYPE: 'MONTHLY', NUMPAYMENTS: 61, RATE: 0 }, 'body.terms.NUMPAYMENTS'],
        [{ TYPE: 'MONTHLY', NUMPAYMENTS: 2.5, RATE: 0 }, 'body.terms.NUMPAYMENTS'],
        [{ TYPE: 'MONTHLY', NUMPAYMENTS: 12, RATE: -1 }, 'body.terms.RATE'],
        [{ TYPE: 'MONTHLY', NUMPAYMENTS: 12, RATE: 3601 }, 'body.terms.RATE'],
        [{ TYPE: 'WEEKLY', NUMPAYMENTS: 12, RATE: 0 }, 'body.terms.TYPE'],
      ] as const) {
        const response = await enroll({ ...base, terms });
        expect(response.statusCode, JSON.stringify(terms)).toBe(400);
        expect(response.json()).toMatchObject({ error: { details: [{ path }] } });
      }
      const rows = await testApp.database.db
        .selectFrom('payment_product_enrollments')
        .where('payment_product_id', '=', productId)
        .select('id')
        .execute();
      expect(rows).toEqual([]);
      // The limits themselves are accepted.
      const edge = await enroll({ ...base, terms: { TYPE: 'BIWEEKLY', NUMPAYMENTS: 60, RATE: 3600 } });
      expect(edge.statusCode).toBe(201);
    });

    it('enrolls with own terms, offers them while ACTIVE only, and audits every change', async () => {
      const { programId, productId } = await freshProgram();
      const terms = { TYPE: 'MONTHLY', NUMPAYMENTS: 7, RATE: 1234 } as const;
      const offered = (list: Awaited<ReturnType<typeof plans>>) =>
        list.some((plan) => plan.numPayments === 7 && plan.rateBps === 1234);
      expect(offered(await plans())).toBe(false);

      const scheduled = enrollmentAnswer.parse(
        (
          await enroll({ programID: programId, paymentProductID: productId, effectiveFrom: inDays(3), terms })
        ).json(),
      ).data;
      // Scheduled: nothing offered yet, but the merchant's own values are kept.
      expect(offered(await plans())).toBe(false);
      const configurations = configurationList.parse(
        (await inject('GET', `/api/program/${programId}/payment-product-configuration`, readOnly)).json(),
      ).data.items;
      expect(
        Object.fromEntries(
          configurations
            .filter((item) => item.ownerType === 'MERCHANT')
            .map((item) => [item.key, item.value]),
        ),
      ).toEqual({ TYPE: 'MONTHLY', NUMPAYMENTS: '7', RATE: '1234' });

      // Ending a scheduled one removes it; enrolling from now offers the plan.
      expect(
        (await inject('DELETE', `/api/payment-product-enrollment/${scheduled.id}`, admin)).statusCode,
      ).toBe(204);
      const active = enrollmentAnswer.parse(
        (await enroll({ programID: programId, paymentProductID: productId })).json(),
      ).data;
      expect(active.status).toBe('ACTIVE');
      expect(offered(await plans())).toBe(true);

      const changed = await inject('PATCH', `/api/payment-product-enrollment/${active.id}`, admin, {
        terms: { ...terms, NUMPAYMENTS: 9 },
      });
      expect(changed.statusCode).toBe(200);
      expect((await plans()).some((plan) => plan.numPayments === 9 && plan.rateBps === 1234)).toBe(true);

      expect((await inject('DELETE', `/api/payment-product-enrollment/${active.id}`, admin)).statusCode).toBe(
        204,
      );
      expect((await plans()).some((plan) => plan.rateBps === 1234)).toBe(false);

      const removed = await auditEntries(scheduled.id);
      expect(removed.map((entry) => entry.kind)).toEqual(['enrollment.created', 'enrollment.removed']);
      const entries = await auditEntries(active.id);
      expect(entries.map((entry) => entry.kind)).toEqual([
        'enrollment.created',
        'enrollment.updated',
        'enrollment.ended',
      ]);
      expect(entries.every((entry) => entry.merchant_id === mainId && entry.actor_type === 'USER')).toBe(
        true,
      );
      const update = entries[1];
      expect(JSON.parse(update?.before ?? '{}')).toMatchObject({ terms: { NUMPAYMENTS: '7' } });
      expect(JSON.parse(update?.after ?? '{}')).toMatchObject({ terms: { NUMPAYMENTS: 9 } });
      expect(
        z.object({ effectiveTo: z.string() }).safeParse(JSON.parse(entries[2]?.after ?? '{}')).success,
      ).toBe(true);
    });

    it('writes no audit entry for a refused change', async () => {
      const lapsed = enrollmentList.parse(
        (await inject('GET', '/api/payment-product-enrollment?status=LAPSED', admin)).json(),
      ).data.items[0];
      const before = await auditEntries(lapsed?.id ?? '');
      expect(
        (await inject('DELETE', `/api/payment-product-enrollment/${lapsed?.id ?? ''}`, admin)).statusCode,
      ).toBe(409);
      expect(await auditEntries(lapsed?.id ?? '')).toHaveLength(before.length);
    });
  });

  describe('access', () => {
    const foreignEnrollment = async () =>
      (
        await testApp.database.db
          .selectFrom('payment_product_enrollments')
          .where('merchant_id', '=', manyId)
          .where('effective_to', 'is', null)
          .select('id')
          .executeTakeFirstOrThrow()
      ).id;
    const foreignProgram = async () =>
      (
        await testApp.database.db
          .selectFrom('merchant_program_participations')
          .where('merchant_id', '=', manyId)
          .where('program_id', 'not in', (eb) =>
            eb
              .selectFrom('merchant_program_participations')
              .where('merchant_id', '=', mainId)
              .select('program_id'),
          )
          .select('program_id')
          .executeTakeFirstOrThrow()
      ).program_id;

    const routes = async () => {
      const own = await programNamed('Online 0% APR, 12 months');
      const enrollment = await foreignEnrollment();
      return [
        { method: 'GET', url: `/api/program/${own}/payment-product`, write: false },
        { method: 'GET', url: `/api/program/${own}/payment-product/aggregation`, write: false },
        { method: 'GET', url: `/api/program/${own}/payment-product-configuration`, write: false },
        { method: 'GET', url: '/api/payment-product-enrollment', write: false },
        {
          method: 'POST',
          url: '/api/payment-product-enrollment',
          write: true,
          body: { programID: own, paymentProductID: 'x' },
        },
        {
          method: 'PATCH',
          url: `/api/payment-product-enrollment/${enrollment}`,
          write: true,
          body: { effectiveTo: null },
        },
        { method: 'DELETE', url: `/api/payment-product-enrollment/${enrollment}`, write: true },
      ] as const;
    };

    it('refuses every route without a token (401) and without its scope (403)', async () => {
      // READ_ONLY holds r:paymentProduct but not u:merchant.settings.
      const noProductScope = await authHeader(testApp.database, config, {
        role: 'ADMIN',
        scopes: [SCOPES.merchantSettingsEdit],
      });
      for (const route of await routes()) {
        const body = 'body' in route ? route.body : undefined;
        expect((await inject(route.method, route.url, {}, body)).statusCode, route.url).toBe(401);
        expect((await inject(route.method, route.url, noProductScope, body)).statusCode, route.url).toBe(403);
        if (route.write) expect((await inject(route.method, route.url, readOnly, body)).statusCode).toBe(403);
      }
    });

    it("refuses another merchant's program and enrollment exactly like missing ones", async () => {
      const program = await foreignProgram();
      for (const path of [
        'payment-product',
        'payment-product/aggregation',
        'payment-product-configuration',
      ]) {
        const foreign = await inject('GET', `/api/program/${program}/${path}`, admin);
        const missing = await inject('GET', `/api/program/${randomUUID()}/${path}`, admin);
        expect(foreign.statusCode).toBe(403);
        expect(foreign.json()).toEqual(missing.json());
      }
      const enrollment = await foreignEnrollment();
      for (const [method, body] of [
        ['PATCH', { effectiveTo: inDays(900) }],
        ['DELETE', undefined],
      ] as const) {
        const foreign = await inject(method, `/api/payment-product-enrollment/${enrollment}`, admin, body);
        const missing = await inject(method, `/api/payment-product-enrollment/${randomUUID()}`, admin, body);
        expect(foreign.statusCode).toBe(403);
        expect(foreign.json()).toEqual(missing.json());
      }
      expect((await enrollmentRow(enrollment))?.effective_to).toBeNull();
      const filtered = await inject('GET', `/api/payment-product-enrollment?programID=${program}`, admin);
      expect(enrollmentList.parse(filtered.json()).data.items).toEqual([]);
    });
  });
});
