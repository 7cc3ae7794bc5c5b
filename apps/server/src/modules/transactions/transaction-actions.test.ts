import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataResponseSchema, errorBodySchema } from '@portal/contracts/api';
import {
  authorizationExpiryCutoff,
  transactionDetailSchema,
  transactionTotalsSchema,
} from '@portal/contracts/transactions';
import { MAIN_MERCHANT, RBC_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp, jsonRequest } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { activePrograms, insertTransactionFixtures } from '../../test/transaction-fixtures.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';
import { aggregateTransactions } from './repository.js';
import { DAY_MS } from '@portal/contracts/constants';

const detailAnswer = dataResponseSchema(transactionDetailSchema);
const totalsAnswer = dataResponseSchema(transactionTotalsSchema);
type Headers = Record<string, string>;
type Action = 'settle' | 'cancel' | 'refund';
const usd = (value: number) => ({ currency: 'USD', value });

describe.each(TEST_DIALECTS)('transaction actions (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let mainId: string;
  let rbcId: string;
  let programId: string;
  let rbcProgramId: string;
  let admin: Headers;
  let readOnly: Headers;

  const act = (id: string, action: Action, payload: object | undefined, headers: Headers = admin) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/transactions/${id}/${action}`,
      ...jsonRequest(headers, payload),
    });
  const detail = async (id: string, headers: Headers = admin) => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/transactions/${id}`, headers });
    expect(response.statusCode).toBe(200);
    return detailAnswer.parse(response.json()).data;
  };
  /** A fresh transaction of the main merchant in the given state. */
  const fixture = async (state: Record<string, unknown> = {}) => {
    const [row] = await insertTransactionFixtures(testApp.database.db, [
      { merchant_id: mainId, program_id: programId, ...state },
    ]);
    if (row === undefined) throw new Error('no fixture');
    return row.id;
  };
  const refusal = (response: { statusCode: number; json: () => unknown }) => ({
    status: response.statusCode,
    ...errorBodySchema.parse(response.json()).error,
  });
  const fundingOf = (id: string) =>
    testApp.database.db
      .selectFrom('funding_events')
      .select(['type', 'amount', 'fee', 'net_amount', 'currency'])
      .where('transaction_id', '=', id)
      .orderBy('created_at')
      .execute();

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    await seedDemoData(testApp.database.db, { size: 'small' });
    mainId = await merchantIdByName(testApp.database.db, MAIN_MERCHANT);
    rbcId = await merchantIdByName(testApp.database.db, RBC_MERCHANT);
    const ecommerce = (await activePrograms(testApp.database.db, mainId)).find((p) => p.channel === 'ECOMM');
    programId = ecommerce?.id ?? '';
    rbcProgramId = (await activePrograms(testApp.database.db, rbcId))[0]?.id ?? '';
    admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
    readOnly = await authHeader(testApp.database, config, { role: 'READ_ONLY' });
  });

  afterAll(async () => {
    await testApp.close();
  });

  describe('access', () => {
    it('refuses without a token (401) and without c:tx (403), and lets READ users read', async () => {
      const id = await fixture();
      expect((await act(id, 'settle', {}, {})).statusCode).toBe(401);
      const denied = await act(id, 'settle', {}, readOnly);
      expect(refusal(denied)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      const withoutScope = await authHeader(testApp.database, config, {
        role: 'ADMIN',
        scopes: ['r:merchant.settings'],
      });
      expect((await act(id, 'refund', {}, withoutScope)).statusCode).toBe(403);
      expect((await detail(id, readOnly)).status).toBe('AUTHORIZED');
      expect((await detail(id)).settled.value).toBe(0);
    });

    it("answers another merchant's transaction exactly like an unknown one (404, same body)", async () => {
      const [other] = await insertTransactionFixtures(testApp.database.db, [
        { merchant_id: rbcId, program_id: rbcProgramId, currency: 'CAD' },
      ]);
      const otherId = other?.id ?? '';
      const unknown = randomUUID();
      const notFound = {
        status: 404,
        code: 'NOT_FOUND',
        message: 'No transaction has this id',
        reason: 'transaction.not_found',
        params: {},
      };
      for (const path of [`/api/transactions/${otherId}`, `/api/transactions/${unknown}`]) {
        const response = await testApp.app.inject({ method: 'GET', url: path, headers: admin });
        expect(refusal(response)).toEqual(notFound);
      }
      const acted = await act(otherId, 'settle', {});
      expect(refusal(acted)).toEqual(notFound);
      expect(refusal(await act(unknown, 'settle', {}))).toEqual(refusal(acted));
      const row = await testApp.database.db
        .selectFrom('transactions')
        .select('settled')
        .where('id', '=', otherId)
        .executeTakeFirstOrThrow();
      expect(row.settled).toBe(0);
    });

    it('lets provider staff act on the merchant they chose, and asks them to choose first', async () => {
      const id = await fixture();
      const unchosen = await authHeader(testApp.database, config, { role: 'INTERNAL_ADMIN' });
      expect(refusal(await act(id, 'settle', {}, unchosen))).toMatchObject({
        status: 403,
        message: 'Choose a merchant first',
      });
      const chosen = await authHeader(testApp.database, config, {
        role: 'INTERNAL_ADMIN',
        merchantId: mainId,
      });
      expect((await act(id, 'settle', {}, chosen)).statusCode).toBe(200);
      const support = await authHeader(testApp.database, config, {
        role: 'INTERNAL_SUPPORT',
        merchantId: mainId,
      });
      expect((await act(id, 'refund', {}, support)).statusCode).toBe(403);
    });
  });

  describe('the state machine', () => {
    it('settles in part, then the rest, with history, actor and funding events', async () => {
      const id = await fixture({ total: 10_000 });
      const first = await act(id, 'settle', { amount: usd(4_000) });
      expect(first.statusCode).toBe(200);
      expect(detailAnswer.parse(first.json()).data).toMatchObject({
        status: 'SETTLED',
        label: 'PARTIALLY_SETTLED',
        settled: usd(4_000),
      });
      const rest = detailAnswer.parse((await act(id, 'settle', undefined)).json()).data;
      expect(rest).toMatchObject({ status: 'SETTLED', label: 'SETTLED', settled: usd(10_000) });
      const settles = rest.history.filter((line) => line.type === 'SETTLED');
      expect(settles.map((line) => line.amount)).toEqual([usd(4_000), usd(6_000)]);
      expect(settles[0]?.actor).toMatchObject({
        type: 'USER',
        email: 'admin@merchant.demo',
        name: 'Avery Admin',
      });
      expect(rest.history.map((line) => line.type)).toEqual(['CREATED', 'AUTHORIZED', 'SETTLED', 'SETTLED']);
      expect(await fundingOf(id)).toEqual([
        { type: 'SETTLE', amount: 4_000, fee: 100, net_amount: 3_900, currency: 'USD' },
        { type: 'SETTLE', amount: 6_000, fee: 150, net_amount: 5_850, currency: 'USD' },
      ]);
    });

    it('refunds in part and in full, with negative funding events, and a refund is final', async () => {
      const id = await fixture({ total: 10_000, settled: 10_000, status: 'SETTLED' });
      const partial = detailAnswer.parse((await act(id, 'refund', { amount: usd(3_000) })).json()).data;
      expect(partial).toMatchObject({
        status: 'REFUNDED',
        label: 'PARTIALLY_REFUNDED',
        refunded: usd(3_000),
      });
      expect(refusal(await act(id, 'refund', { amount: usd(8_000) }))).toEqual({
        status: 409,
        code: 'CONFLICT',
        message: 'Only 70.00 USD is left to refund; 80.00 USD is more than that',
        details: [
          {
            path: 'body.amount.value',
            message: 'At most 7000',
            reason: 'transaction.amount_at_most',
            params: { left: usd(7_000) },
          },
        ],
        reason: 'transaction.refund_above_left',
        params: { left: usd(7_000), amount: usd(8_000) },
      });
      const full = detailAnswer.parse((await act(id, 'refund', {})).json()).data;
      expect(full).toMatchObject({ status: 'REFUNDED', label: 'REFUNDED', refunded: usd(10_000) });
      expect(refusal(await act(id, 'refund', {}))).toMatchObject({
        status: 409,
        message: 'Everything settled (100.00 USD) has already been refunded',
        reason: 'transaction.all_refunded',
        params: { settled: usd(10_000) },
      });
      expect(refusal(await act(id, 'settle', {}))).toMatchObject({
        status: 409,
        message: 'Nothing is left to settle: 100.00 USD of 100.00 USD is settled and 0.00 USD canceled',
        reason: 'transaction.nothing_to_settle',
        params: { settled: usd(10_000), total: usd(10_000), cancelled: usd(0) },
      });
      expect((await fundingOf(id)).map((event) => [event.type, event.amount, event.fee])).toEqual([
        ['REFUND', -3_000, 0],
        ['REFUND', -7_000, 0],
      ]);
    });

    it('settles nothing more once anything was refunded (409), and still cancels the open rest', async () => {
      const id = await fixture({ total: 10_000, settled: 4_000, status: 'SETTLED' });
      expect((await act(id, 'refund', { amount: usd(1_000) })).statusCode).toBe(200);
      const refusedSettle = {
        status: 409,
        code: 'CONFLICT',
        message: '10.00 USD of this transaction has been refunded, so nothing more can be settled',
        reason: 'transaction.refunded_cannot_settle',
        params: { refunded: usd(1_000) },
      };
      expect(refusal(await act(id, 'settle', {}))).toEqual(refusedSettle);
      expect(refusal(await act(id, 'settle', { amount: usd(100) }))).toEqual(refusedSettle);
      expect(await detail(id)).toMatchObject({ settled: usd(4_000), refunded: usd(1_000) });
      expect((await fundingOf(id)).map((event) => event.type)).toEqual(['REFUND']);
      const cancelled = detailAnswer.parse((await act(id, 'cancel', {})).json()).data;
      expect(cancelled).toMatchObject({ status: 'REFUNDED', settled: usd(4_000), cancelled: usd(6_000) });
    });

    it('refuses a refund before settlement and a settlement before authorization', async () => {
      const authorized = await fixture();
      expect(refusal(await act(authorized, 'refund', {}))).toEqual({
        status: 409,
        code: 'CONFLICT',
        message: 'Nothing has been settled yet, so there is nothing to refund',
        reason: 'transaction.nothing_settled_to_refund',
        params: {},
      });
      const pending = await fixture({ status: 'PENDING', authorized_at: null });
      expect(refusal(await act(pending, 'settle', {}))).toMatchObject({
        status: 409,
        message: 'This transaction is not authorized yet, so it cannot be settled',
        reason: 'transaction.not_authorized_yet',
      });
      const cancelled = detailAnswer.parse((await act(pending, 'cancel', {})).json()).data;
      expect(cancelled).toMatchObject({ status: 'CANCELLED', label: 'CANCELLED', cancelled: usd(10_000) });
    });

    it('cancels in part (label) and in full, and refuses actions on a cancelled transaction', async () => {
      const id = await fixture();
      const partial = detailAnswer.parse((await act(id, 'cancel', { amount: usd(2_500) })).json()).data;
      expect(partial).toMatchObject({
        status: 'AUTHORIZED',
        label: 'PARTIALLY_CANCELLED',
        cancelled: usd(2_500),
      });
      const full = detailAnswer.parse((await act(id, 'cancel', {})).json()).data;
      expect(full).toMatchObject({ status: 'CANCELLED', cancelled: usd(10_000) });
      expect(refusal(await act(id, 'settle', {}))).toMatchObject({
        status: 409,
        message: 'This transaction is canceled, so it cannot be settled',
        reason: 'transaction.cancelled_cannot_settle',
      });
      expect(refusal(await act(id, 'cancel', {}))).toMatchObject({
        status: 409,
        message: 'This transaction is already canceled',
        reason: 'transaction.already_cancelled',
      });
      expect(await fundingOf(id)).toEqual([]);
    });

    it('cancels the unsettled rest of a partly settled transaction, which stays SETTLED', async () => {
      const id = await fixture({ total: 10_000, settled: 6_000, status: 'SETTLED' });
      const closed = detailAnswer.parse((await act(id, 'cancel', {})).json()).data;
      expect(closed).toMatchObject({
        status: 'SETTLED',
        label: 'SETTLED',
        settled: usd(6_000),
        cancelled: usd(4_000),
      });
    });

    it('shows authorizations older than 90 days as EXPIRED and refuses to settle or cancel them', async () => {
      const created = new Date(Date.now() - 91 * DAY_MS).toISOString();
      const id = await fixture({ created_at: created });
      const expired = await detail(id);
      expect(expired).toMatchObject({ status: 'EXPIRED', label: 'EXPIRED' });
      expect(expired.history.at(-1)).toMatchObject({ type: 'EXPIRED', actor: { type: 'SYSTEM' } });
      const expiredOn = new Date(Date.parse(created) + 90 * DAY_MS).toISOString().slice(0, 10);
      expect(refusal(await act(id, 'settle', {}))).toMatchObject({
        status: 409,
        message: `The authorization expired on ${expiredOn}, so this transaction can no longer be settled`,
        reason: 'transaction.expired_cannot_settle',
        params: { expiredOn },
      });
      expect(refusal(await act(id, 'cancel', {}))).toMatchObject({
        status: 409,
        message: `The authorization expired on ${expiredOn}, so this transaction can no longer be canceled`,
        reason: 'transaction.expired_cannot_cancel',
        params: { expiredOn },
      });
      // What was settled before the authorization lapsed can still be refunded; the rest cannot be settled.
      const partly = await fixture({ created_at: created, settled: 5_000, status: 'SETTLED' });
      expect((await act(partly, 'settle', {})).statusCode).toBe(409);
      expect((await act(partly, 'refund', { amount: usd(5_000) })).statusCode).toBe(200);
    });

    it('refuses an amount in another currency (422) and malformed amounts (400)', async () => {
      const id = await fixture();
      expect(refusal(await act(id, 'settle', { amount: { currency: 'CAD', value: 100 } }))).toEqual({
        status: 422,
        code: 'UNPROCESSABLE',
        message: 'The amount must be in USD, the currency of this transaction',
        details: [
          {
            path: 'body.amount.currency',
            message: 'Expected USD',
            reason: 'transaction.amount_currency',
            params: { currency: 'USD' },
          },
        ],
        reason: 'transaction.wrong_currency',
        params: { currency: 'USD' },
      });
      for (const payload of [
        { amount: usd(0) },
        { amount: usd(-5) },
        { amount: usd(1.5) },
        { amount: 100 },
        { extra: true },
      ]) {
        expect(refusal(await act(id, 'settle', payload))).toMatchObject({
          status: 400,
          code: 'VALIDATION_FAILED',
        });
      }
      expect(refusal(await act(id, 'settle', { amount: usd(10_001) }))).toMatchObject({
        status: 409,
        message: 'Only 100.00 USD is left to settle; 100.01 USD is more than that',
        reason: 'transaction.settle_above_left',
        params: { left: usd(10_000), amount: usd(10_001) },
      });
      expect((await detail(id)).settled.value).toBe(0);
    });
  });

  describe('races', () => {
    it('never refunds more than was settled, however many refunds race', async () => {
      const id = await fixture({ total: 10_000, settled: 10_000, status: 'SETTLED' });
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => act(id, 'refund', { amount: usd(1_500) })),
      );
      const succeeded = answers.filter((answer) => answer.statusCode === 200).length;
      expect(answers.every((answer) => [200, 409].includes(answer.statusCode))).toBe(true);
      expect(succeeded).toBe(6);
      const after = await detail(id);
      expect(after.refunded.value).toBe(succeeded * 1_500);
      expect(after.history.filter((line) => line.type === 'REFUNDED')).toHaveLength(succeeded);
      expect(await fundingOf(id)).toHaveLength(succeeded);
    });

    it('lets only one of a settle and a cancel that together exceed the total win', async () => {
      const id = await fixture({ total: 10_000 });
      const answers = await Promise.all([
        act(id, 'settle', { amount: usd(8_000) }),
        act(id, 'cancel', { amount: usd(8_000) }),
        act(id, 'settle', { amount: usd(8_000) }),
      ]);
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      const after = await detail(id);
      expect(after.settled.value + after.cancelled.value).toBe(8_000);
    });

    it('settles "the rest" once when full settlements race', async () => {
      const id = await fixture({ total: 7_777 });
      const answers = await Promise.all(Array.from({ length: 5 }, () => act(id, 'settle', {})));
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      expect((await detail(id)).settled.value).toBe(7_777);
    });
  });

  describe('Idempotency-Key', () => {
    const withKey = (key: string) => ({ ...admin, 'idempotency-key': key });

    it('gives the same answer for the same key and body without acting twice', async () => {
      const id = await fixture({ total: 10_000, settled: 10_000, status: 'SETTLED' });
      const key = randomUUID();
      const first = await act(id, 'refund', { amount: usd(1_000) }, withKey(key));
      const again = await act(id, 'refund', { amount: usd(1_000) }, withKey(key));
      expect(first.statusCode).toBe(200);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(again.json()).toEqual(first.json());
      expect((await detail(id)).refunded.value).toBe(1_000);
      expect(await fundingOf(id)).toHaveLength(1);
    });

    it('refuses the same key with another body, action or transaction (422)', async () => {
      const id = await fixture({ total: 10_000, settled: 10_000, status: 'SETTLED' });
      const other = await fixture({ total: 10_000, settled: 10_000, status: 'SETTLED' });
      const key = randomUUID();
      expect((await act(id, 'refund', { amount: usd(1_000) }, withKey(key))).statusCode).toBe(200);
      const mismatch = {
        status: 422,
        code: 'UNPROCESSABLE',
        message:
          'This Idempotency-Key was already used for a different request; use a new key for a new request',
        reason: 'request.idempotency_key_reused',
        params: {},
      };
      expect(refusal(await act(id, 'refund', { amount: usd(2_000) }, withKey(key)))).toEqual(mismatch);
      expect(refusal(await act(id, 'refund', {}, withKey(key)))).toEqual(mismatch);
      expect(refusal(await act(id, 'settle', { amount: usd(1_000) }, withKey(key)))).toEqual(mismatch);
      expect(refusal(await act(other, 'refund', { amount: usd(1_000) }, withKey(key)))).toEqual(mismatch);
      expect((await detail(id)).refunded.value).toBe(1_000);
      expect((await detail(other)).refunded.value).toBe(0);
    });

    it('repeats a refusal for its key, even once the action would now succeed', async () => {
      const id = await fixture();
      const key = randomUUID();
      const refused = await act(id, 'refund', {}, withKey(key));
      expect(refused.statusCode).toBe(409);
      expect((await act(id, 'settle', {})).statusCode).toBe(200);
      const replayed = await act(id, 'refund', {}, withKey(key));
      expect(replayed.statusCode).toBe(409);
      expect(replayed.headers['idempotent-replayed']).toBe('true');
      expect(replayed.json()).toEqual(refused.json());
      expect((await act(id, 'refund', {}, withKey(randomUUID()))).statusCode).toBe(200);
    });

    it('acts once when requests with one key race', async () => {
      const id = await fixture({ total: 10_000, settled: 10_000, status: 'SETTLED' });
      const key = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => act(id, 'refund', { amount: usd(2_000) }, withKey(key))),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
      const bodies = new Set(answers.map((answer) => answer.body));
      expect(bodies.size).toBe(1);
      expect((await detail(id)).refunded.value).toBe(2_000);
      expect(await fundingOf(id)).toHaveLength(1);
    });

    it('refuses a malformed key without acting', async () => {
      const id = await fixture();
      const malformed = await act(id, 'settle', {}, withKey('two words'));
      expect(refusal(malformed)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect((await detail(id)).settled.value).toBe(0);
    });
  });

  it('keeps the daily totals equal to the transactions through every action', async () => {
    const cutoff = authorizationExpiryCutoff(new Date());
    for (const status of [undefined, 'REFUNDED', 'SETTLED', 'CANCELLED', 'EXPIRED'] as const) {
      const direct = await aggregateTransactions(testApp.database.db, {
        merchantId: mainId,
        expiryCutoff: cutoff,
        statuses: status === undefined ? undefined : [status],
      });
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/transactions/totals${status === undefined ? '' : `?status=${status}`}`,
        headers: admin,
      });
      expect(totalsAnswer.parse(response.json()).data).toEqual({
        count: direct.count,
        gross: usd(direct.gross),
        settled: usd(direct.settled),
        refunded: usd(direct.refunded),
        countIsCapped: false,
      });
    }
  });
});
