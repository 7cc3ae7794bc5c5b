import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataResponseSchema } from '@portal/contracts/api';
import { bankInformationSchema, type BankInformation } from '@portal/contracts/bank-information';
import { KeyDecryptionError } from '../../auth/key-encryption.js';
import { MAIN_MERCHANT, RBC_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp, jsonRequest, type TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';
import { insertTeamUser } from '../../test/user-fixtures.js';
import { BANK_EMAIL_TEMPLATES } from './change-emails.js';
import { openNumbers, sealNumbers } from './numbers.js';
import { effectiveFromOf, requestBankChange } from './service.js';

const answer = dataResponseSchema(bankInformationSchema);
type Headers = Record<string, string>;

// Full numbers of the requests below: none may appear in any answer, log line, audit entry or e-mail.
const US_ACCOUNT = '987654321012';
const US_ROUTING = '021000021';
const SECOND_US_ACCOUNT = '555000111222333';
const CA_ACCOUNT = '7654321098';
const FULL_NUMBERS = [US_ACCOUNT, SECOND_US_ACCOUNT, CA_ACCOUNT];

const usChange = (accountNumber = US_ACCOUNT) => ({
  holderName: 'Northwind Demo Outfitters LLC',
  bankName: 'Harbor Savings',
  accountType: 'CHECKING' as const,
  routingNumber: US_ROUTING,
  accountNumber,
});

describe('the cut-off', () => {
  it('sends a change confirmed before 3 p.m. of the merchant to the next day, a later one to the day after', () => {
    // 14:59 and 15:00 in New York (UTC-5 in November).
    expect(effectiveFromOf('America/New_York', new Date('2026-11-24T19:59:00Z'))).toBe('2026-11-25');
    expect(effectiveFromOf('America/New_York', new Date('2026-11-24T20:00:00Z'))).toBe('2026-11-26');
    // The merchant's day, not the server's: 23:30 UTC is still the 24th in Vancouver, after the cut-off.
    expect(effectiveFromOf('America/Vancouver', new Date('2026-11-24T23:30:00Z'))).toBe('2026-11-26');
  });
});

describe.each(TEST_DIALECTS)('bank information (%s)', (dialect) => {
  const config = testConfig();
  const lines: string[] = [];
  const answers: string[] = [];
  let testApp: TestApp;
  let mainId: string;
  let rbcId: string;
  let admin: Headers;
  let secondAdmin: Headers;
  let extraAdmin: { id: string; email: string };
  let extraAdminEmail: string;
  let address = 0;

  const call = async (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) => {
    const response = await testApp.app.inject({
      method,
      url,
      ...jsonRequest(headers, payload),
      remoteAddress: `10.25.0.${String((address += 1) % 250)}`,
    });
    answers.push(response.body);
    return response;
  };
  const read = async (headers = admin): Promise<BankInformation> => {
    const response = await call('GET', '/api/bank-information', headers);
    expect(response.statusCode, response.body).toBe(200);
    return answer.parse(response.json()).data;
  };
  const refusal = (response: { json: () => unknown }) =>
    (response.json() as { error: { reason?: string } }).error.reason;
  const emails = (template: string) =>
    testApp.database.db
      .selectFrom('outbound_emails')
      .select(['to_address', 'subject', 'text', 'html', 'locale'])
      .where('template', '=', template)
      .orderBy('created_at')
      .execute();
  const linkOf = async (to: string) => {
    const rows = (await emails(BANK_EMAIL_TEMPLATES.link)).filter((row) => row.to_address === to);
    const match = /#request=([\w-]+)&token=([\w-]{43})/.exec(rows.at(-1)?.text ?? '');
    if (match?.[1] === undefined || match[2] === undefined) throw new Error(`No link e-mailed to ${to}`);
    return { requestId: match[1], token: match[2] };
  };

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    testApp = await buildTestApp({ dialect, config, logger: pino({ level: 'trace' }, sink) });
    await seedDemoData(testApp.database.db, { size: 'small' });
    mainId = await merchantIdByName(testApp.database.db, MAIN_MERCHANT);
    rbcId = await merchantIdByName(testApp.database.db, RBC_MERCHANT);
    admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
    // Provider staff with the merchant chosen: another user who may change its bank information.
    secondAdmin = await authHeader(testApp.database, config, { role: 'INTERNAL_ADMIN', merchantId: mainId });
    extraAdmin = await insertTeamUser(testApp.database.db, mainId, { role: 'ADMIN' });
    extraAdminEmail = extraAdmin.email;
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("shows the seeded account in use, masked, as the next deposit's, with the cut-off", async () => {
    const page = await read();
    expect(page.country).toBe('US');
    expect(page.cutoff).toEqual({ hour: 15, timeZone: 'America/New_York' });
    expect(page.inUse).toMatchObject({ status: 'CONFIRMED', country: 'US', accountType: 'CHECKING' });
    expect(page.inUse?.accountLast4).toMatch(/^\d{4}$/);
    expect(page.pending).toBeNull();
    expect(page.nextDeposit?.account?.id).toBe(page.inUse?.id);
    // The stored numbers open, and the answer holds none of them but the last four digits.
    const row = await testApp.database.db
      .selectFrom('bank_accounts')
      .selectAll()
      .where('id', '=', page.inUse?.id ?? '')
      .executeTakeFirstOrThrow();
    const numbers = openNumbers(row.id, row.numbers_sealed);
    expect(numbers.accountNumber.endsWith(page.inUse?.accountLast4 ?? 'x')).toBe(true);
    expect(JSON.stringify(page)).not.toContain(numbers.accountNumber);
    expect(row.numbers_sealed).not.toContain(numbers.accountNumber);
  });

  it('seals the numbers to their row: copied onto another row, they do not open', () => {
    const sealed = sealNumbers('row-a', {
      country: 'US',
      routingNumber: US_ROUTING,
      accountNumber: US_ACCOUNT,
    });
    expect(openNumbers('row-a', sealed).accountNumber).toBe(US_ACCOUNT);
    expect(() => openNumbers('row-b', sealed)).toThrow(KeyDecryptionError);
  });

  it('checks the formats and the ABA check digit of the merchant’s country', async () => {
    const bad = await call('POST', '/api/bank-information/change-requests', admin, {
      ...usChange('12'),
      routingNumber: '021000022',
    });
    expect(bad.statusCode).toBe(400);
    const details = bad.json<{ error: { details: { path: string; message: string }[] } }>().error.details;
    expect(details).toEqual([
      { path: 'body.routingNumber', message: 'bankInformation:validation.routingChecksum' },
      { path: 'body.accountNumber', message: 'bankInformation:validation.accountLengthUS' },
    ]);
    const letters = await call('POST', '/api/bank-information/change-requests', admin, {
      ...usChange(),
      accountNumber: '12345x789',
    });
    expect(letters.statusCode).toBe(400);
    expect(letters.body).toContain('bankInformation:validation.digits');
    // A Canadian merchant: institution, transit and account, each of its length.
    const rbcAdmin = await authHeader(testApp.database, config, { role: 'ADMIN', merchantId: rbcId });
    const canadian = await call('POST', '/api/bank-information/change-requests', rbcAdmin, {
      ...usChange('12345'),
      institutionNumber: '03',
      transitNumber: '123456',
    });
    expect(canadian.statusCode).toBe(400);
    expect(canadian.body).toContain('bankInformation:validation.institutionLength');
    expect(canadian.body).toContain('bankInformation:validation.transitLength');
    expect(canadian.body).toContain('bankInformation:validation.accountLengthCA');
    expect((await read()).pending).toBeNull();
  });

  it('makes a change a request: masked, audited without the number, e-mailed to every admin', async () => {
    const before = await read();
    const response = await call('POST', '/api/bank-information/change-requests', admin, {
      ...usChange(),
      // Spaces as printed on a cheque are dropped; the other country's fields are not kept.
      accountNumber: '9876 5432 1012',
      institutionNumber: '003',
    });
    expect(response.statusCode, response.body).toBe(201);
    const page = answer.parse(response.json()).data;
    expect(page.pending).toMatchObject({
      status: 'PENDING',
      accountLast4: '1012',
      bankName: 'Harbor Savings',
    });
    expect(page.pendingIsMine).toBe(true);
    // Nothing changes until confirmed.
    expect(page.inUse?.id).toBe(before.inUse?.id);
    expect(page.nextDeposit?.account?.id).toBe(before.inUse?.id);

    const stored = await testApp.database.db
      .selectFrom('bank_accounts')
      .selectAll()
      .where('id', '=', page.pending?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(openNumbers(stored.id, stored.numbers_sealed)).toEqual({
      country: 'US',
      routingNumber: US_ROUTING,
      accountNumber: US_ACCOUNT,
    });

    const audit = await testApp.database.db
      .selectFrom('audit_entries')
      .select(['before', 'after'])
      .where('kind', '=', 'bank_account.change_requested')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after ?? '{}')).toMatchObject({
      account: '••••1012',
      bankName: 'Harbor Savings',
    });
    expect(JSON.parse(audit.before ?? '{}')).toMatchObject({
      account: `••••${before.inUse?.accountLast4 ?? ''}`,
    });

    const [link] = await emails(BANK_EMAIL_TEMPLATES.link);
    expect(link?.to_address).toMatch(/@/);
    const told = (await emails(BANK_EMAIL_TEMPLATES.requested)).map((row) => row.to_address);
    expect(told).toContain(extraAdminEmail);
    expect(told).toContain('admin@merchant.demo');
    expect(told.every((to) => !to.endsWith('@provider.demo'))).toBe(true);

    const again = await call(
      'POST',
      '/api/bank-information/change-requests',
      admin,
      usChange(SECOND_US_ACCOUNT),
    );
    expect(again.statusCode).toBe(409);
    expect(refusal(again)).toBe('bank.request_pending');
  });

  it('takes a second admin or the link: the requester alone and a wrong link are refused', async () => {
    const { requestId, token } = await linkOf('admin@merchant.demo');
    const own = await call('POST', '/api/bank-information/change-requests/confirm', admin, { requestId });
    expect(own.statusCode).toBe(409);
    expect(refusal(own)).toBe('bank.confirm_own_request');
    const wrongLink = await call('POST', '/api/bank-information/change-requests/confirm', admin, {
      requestId,
      token: `${token.slice(0, 42)}${token.endsWith('A') ? 'B' : 'A'}`,
    });
    expect(wrongLink.statusCode).toBe(410);
    expect(refusal(wrongLink)).toBe('bank.link_invalid');

    const confirmed = await call('POST', '/api/bank-information/change-requests/confirm', secondAdmin, {
      requestId,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const page = answer.parse(confirmed.json()).data;
    expect(page.pending).toBeNull();
    const account = page.scheduled ?? page.inUse;
    expect(account).toMatchObject({ id: requestId, status: 'CONFIRMED', confirmedThrough: 'ADMIN' });
    expect(account?.effectiveFrom).toBe(
      effectiveFromOf('America/New_York', account?.confirmedAt ?? new Date()),
    );
    // The next deposit goes to the new account exactly when its day is on or after the first day.
    const next = page.nextDeposit;
    expect(next).not.toBeNull();
    const nextGoesToNew = (next?.depositDate ?? '') >= (account?.effectiveFrom ?? '');
    expect(next?.account?.id === requestId).toBe(nextGoesToNew);

    const told = (await emails(BANK_EMAIL_TEMPLATES.confirmed)).map((row) => row.to_address);
    expect(told).toEqual(expect.arrayContaining(['admin@merchant.demo', extraAdminEmail]));
    // The link no longer works once the request is confirmed.
    const late = await call('POST', '/api/bank-information/change-requests/confirm', admin, {
      requestId,
      token,
    });
    expect(late.statusCode).toBe(409);
    expect(refusal(late)).toBe('bank.request_not_pending');
  });

  it('lets the requester confirm through the e-mailed link, and refuses the account already on file', async () => {
    const same = await call('POST', '/api/bank-information/change-requests', admin, usChange());
    expect(same.statusCode).toBe(422);
    expect(refusal(same)).toBe('bank.same_account');

    const asked = await call(
      'POST',
      '/api/bank-information/change-requests',
      admin,
      usChange(SECOND_US_ACCOUNT),
    );
    expect(asked.statusCode, asked.body).toBe(201);
    const { requestId, token } = await linkOf('admin@merchant.demo');
    const confirmed = await call('POST', '/api/bank-information/change-requests/confirm', admin, {
      requestId,
      token,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const page = answer.parse(confirmed.json()).data;
    expect(page.scheduled ?? page.inUse).toMatchObject({
      id: requestId,
      confirmedThrough: 'LINK',
      accountLast4: '2333',
    });
  });

  it('cancels a request; an expired one cannot be confirmed and gives way to the next', async () => {
    const asked = await call('POST', '/api/bank-information/change-requests', admin, usChange());
    const requestId = answer.parse(asked.json()).data.pending?.id ?? '';
    const cancelled = await call('POST', '/api/bank-information/change-requests/cancel', secondAdmin, {
      requestId,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(answer.parse(cancelled.json()).data.pending).toBeNull();

    // Asked three days ago by another admin: its 48 hours are over.
    const actor = {
      merchantId: mainId,
      userId: extraAdmin.id,
      email: extraAdmin.email,
      audit: {
        actor: {
          type: 'USER' as const,
          userId: extraAdmin.id,
          email: extraAdmin.email,
          role: 'ADMIN' as const,
        },
        requestId: null,
      },
    };
    await requestBankChange(
      testApp.database.db,
      actor,
      { ...usChange(), institutionNumber: '', transitNumber: '' },
      { publicUrl: config.publicUrl },
      new Date(Date.now() - 3 * 86_400_000),
    );
    const expired = await read();
    expect(expired.pending?.status).toBe('EXPIRED');
    const late = await call('POST', '/api/bank-information/change-requests/confirm', secondAdmin, {
      requestId: expired.pending?.id,
    });
    expect(late.statusCode).toBe(409);
    expect(refusal(late)).toBe('bank.request_expired');
    const next = await call('POST', '/api/bank-information/change-requests', admin, usChange());
    expect(next.statusCode, next.body).toBe(201);
    const row = await testApp.database.db
      .selectFrom('bank_accounts')
      .select('status')
      .where('id', '=', expired.pending?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('EXPIRED');
  });

  it('refuses every role without the scopes, and keeps each merchant to its own account', async () => {
    for (const role of ['USER', 'READ_ONLY'] as const) {
      const headers = await authHeader(testApp.database, config, { role });
      expect((await call('GET', '/api/bank-information', headers)).statusCode).toBe(403);
      expect(
        (await call('POST', '/api/bank-information/change-requests', headers, usChange(SECOND_US_ACCOUNT)))
          .statusCode,
      ).toBe(403);
    }
    const support = await authHeader(testApp.database, config, {
      role: 'INTERNAL_SUPPORT',
      merchantId: mainId,
    });
    const pending = (await read(support)).pending;
    expect(pending?.status).toBe('PENDING');
    for (const [url, body] of [
      ['/api/bank-information/change-requests', usChange(SECOND_US_ACCOUNT)],
      ['/api/bank-information/change-requests/confirm', { requestId: pending?.id }],
      ['/api/bank-information/change-requests/cancel', { requestId: pending?.id }],
    ] as const) {
      const refused = await call('POST', url, support, body);
      expect(refused.statusCode, url).toBe(403);
    }
    // The rbc merchant's admin sees its own account and cannot touch Northwind's request.
    const rbcAdmin = await authHeader(testApp.database, config, { role: 'ADMIN', merchantId: rbcId });
    const rbc = await read(rbcAdmin);
    expect(rbc.country).toBe('CA');
    expect(rbc.pending).toBeNull();
    const foreign = await call('POST', '/api/bank-information/change-requests/confirm', rbcAdmin, {
      requestId: pending?.id,
    });
    expect(foreign.statusCode).toBe(409);
    expect((await read()).pending?.id).toBe(pending?.id);
  });

  it('takes a Canadian account for the rbc merchant, e-mailed in its language', async () => {
    const rbcAdmin = await authHeader(testApp.database, config, { role: 'ADMIN', merchantId: rbcId });
    const response = await call('POST', '/api/bank-information/change-requests', rbcAdmin, {
      holderName: 'Maple Demo Home Supply Inc.',
      bankName: 'Caisse du Quartier',
      accountType: 'SAVINGS',
      institutionNumber: '815',
      transitNumber: '12345',
      accountNumber: CA_ACCOUNT,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(answer.parse(response.json()).data.pending).toMatchObject({ country: 'CA', accountLast4: '1098' });
    const merchant = await testApp.database.db
      .selectFrom('merchants')
      .select('language')
      .where('id', '=', rbcId)
      .executeTakeFirstOrThrow();
    const told = (await emails(BANK_EMAIL_TEMPLATES.requested)).filter((row) =>
      row.subject.includes(RBC_MERCHANT),
    );
    expect(told.length).toBeGreaterThan(0);
    expect(told.every((row) => row.locale === merchant.language)).toBe(true);
  });

  it('never holds a full account number in an answer, a log line, an audit entry or an e-mail', async () => {
    const audit = await testApp.database.db.selectFrom('audit_entries').select(['before', 'after']).execute();
    const mail = await testApp.database.db
      .selectFrom('outbound_emails')
      .select(['subject', 'text', 'html'])
      .execute();
    const texts = [
      ...answers,
      ...lines,
      ...audit.map((row) => `${row.before ?? ''} ${row.after ?? ''}`),
      ...mail.map((row) => `${row.subject} ${row.text} ${row.html}`),
    ];
    expect(answers.length).toBeGreaterThan(20);
    expect(lines.length).toBeGreaterThan(20);
    for (const number of FULL_NUMBERS) {
      expect(texts.filter((text) => text.includes(number)).map((text) => text.slice(0, 200))).toEqual([]);
    }
  });
});
