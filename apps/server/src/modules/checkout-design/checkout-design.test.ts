import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataResponseSchema, errorBodySchema } from '@portal/contracts/api';
import { checkoutCartSchema } from '@portal/contracts/carts';
import {
  checkoutDesignStateSchema,
  checkoutLogoSchema,
  designVersionsSchema,
  type CheckoutDesignInput,
} from '@portal/contracts/checkout-design';
import { SCOPES } from '@portal/contracts/scopes';
import { ROLE_SCOPES } from '@portal/contracts/roles';
import { LOCATIONS_PENDING_MERCHANT, MANY_PROGRAMS_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { cartInput } from '../../test/cart-fixtures.js';
import { checkoutDesignInput } from '../../test/checkout-design-fixtures.js';
import { jpegHeader, solidPng } from '../../test/logo-fixtures.js';
import { buildTestApp, jsonRequest, type TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';

const stateAnswer = dataResponseSchema(checkoutDesignStateSchema);
const logoAnswer = dataResponseSchema(checkoutLogoSchema);
const versionsAnswer = dataResponseSchema(designVersionsSchema);
const checkoutAnswer = dataResponseSchema(checkoutCartSchema);
// Another merchant with an interest-bearing ECOMM program, which the checkout design page needs.
const OTHER_MERCHANT = MANY_PROGRAMS_MERCHANT;
// A merchant without one.
const NO_CHECKOUT_SDK_MERCHANT = LOCATIONS_PENDING_MERCHANT;
type Headers = Record<string, string>;
type Answer = { statusCode: number; json: () => unknown };

function refusal(response: Answer) {
  return { status: response.statusCode, ...errorBodySchema.parse(response.json()).error };
}

const svg = (body: string, root = 'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"') =>
  Buffer.from(`<?xml version="1.0"?>\n<svg ${root}>${body}</svg>`).toString('base64');
const SAFE_SVG = svg(
  '<defs><linearGradient id="g"><stop offset="0" stop-color="#123"/></linearGradient></defs>' +
    '<rect width="120" height="40" fill="url(#g)"/><use href="#g"/><text x="4" y="30">Shop &amp; co</text>',
);

describe.each(TEST_DIALECTS)('checkout design (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let admin: Headers;
  let readOnly: Headers;
  let otherAdmin: Headers;
  let mainId: string;

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
    testApp.app.inject({ method, url, ...jsonRequest(headers, payload) });
  const save = (body: CheckoutDesignInput, headers: Headers = admin) =>
    inject('PUT', '/api/checkout-design', headers, body);
  const publish = (body: CheckoutDesignInput, headers: Headers = admin) =>
    inject('POST', '/api/checkout-design/publish', headers, body);
  const upload = (contentType: string, data: string, headers: Headers = admin) =>
    inject('POST', '/api/checkout-design/logos', headers, { contentType, data });
  const state = async (headers: Headers = admin) => {
    const response = await inject('GET', '/api/checkout-design', headers);
    expect(response.statusCode).toBe(200);
    return stateAnswer.parse(response.json()).data;
  };
  const uploadPng = async (headers: Headers = admin) => {
    const response = await upload('image/png', solidPng(60, 30, [10, 40, 90]).toString('base64'), headers);
    expect(response.statusCode).toBe(201);
    return logoAnswer.parse(response.json()).data;
  };
  const newCartToken = async () => {
    const response = await inject('POST', '/api/carts', admin, cartInput());
    expect(response.statusCode).toBe(201);
    const { checkoutUrl } = response.json<{ data: { checkoutUrl: string } }>().data;
    return decodeURIComponent(new URL(checkoutUrl).pathname.split('/').pop() ?? '');
  };
  const audits = (kind: string) =>
    testApp.database.db
      .selectFrom('audit_entries')
      .select(['merchant_id', 'before', 'after', 'actor_email'])
      .where('kind', '=', kind)
      .orderBy('created_at')
      .execute();

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    await seedDemoData(testApp.database.db, { size: 'small' });
    mainId = await merchantIdByName(testApp.database.db, 'Northwind Demo Outfitters');
    admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
    readOnly = await authHeader(testApp.database, config, { role: 'READ_ONLY' });
    otherAdmin = await authHeader(testApp.database, config, {
      role: 'ADMIN',
      merchantId: await merchantIdByName(testApp.database.db, OTHER_MERCHANT),
    });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('starts from readable defaults with the merchant name, nothing published', async () => {
    const initial = await state();
    expect(initial.published).toBeNull();
    expect(initial.unpublishedChanges).toBe(true);
    expect(initial.draft).toMatchObject({
      shopName: 'Northwind Demo Outfitters',
      buttonStyle: 'ROUNDED',
      displayMode: 'EMBEDDED',
      logo: null,
    });
  });

  it('lets a reader read and refuses it every change; refuses a reader without the view scope', async () => {
    expect((await state(readOnly)).draft.shopName).toBe('Northwind Demo Outfitters');
    for (const response of [
      await save(checkoutDesignInput(), readOnly),
      await publish(checkoutDesignInput(), readOnly),
      await upload('image/png', solidPng(20, 20, [0, 0, 0]).toString('base64'), readOnly),
      await inject('POST', '/api/checkout-design/versions/1/restore', readOnly),
    ]) {
      expect(refusal(response)).toMatchObject({ status: 403, reason: 'auth.no_permission' });
    }
    const noView = await authHeader(testApp.database, config, {
      role: 'ADMIN',
      scopes: ROLE_SCOPES.ADMIN.filter((scope) => scope !== SCOPES.checkoutDesignView),
    });
    expect((await inject('GET', '/api/checkout-design', noView)).statusCode).toBe(403);
    expect((await inject('GET', '/api/checkout-design/versions', noView)).statusCode).toBe(403);
    // Editing needs the page's view scope too.
    expect((await save(checkoutDesignInput(), noView)).statusCode).toBe(403);
    expect((await inject('GET', '/api/checkout-design', {})).statusCode).toBe(401);
  });

  it('refuses a color that is not #rrggbb, and an unknown style, naming the field', async () => {
    const bad = await save(checkoutDesignInput({ buttonColor: 'red' }));
    expect(refusal(bad)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(refusal(bad).details?.map((detail) => detail.path)).toEqual(['body.buttonColor']);
    expect((await save(checkoutDesignInput({ textColor: '#12345g' }))).statusCode).toBe(400);
    expect((await save(checkoutDesignInput({ shopName: '  ' }))).statusCode).toBe(400);
    expect(
      (await save({ ...checkoutDesignInput(), buttonStyle: 'ROUND' } as unknown as CheckoutDesignInput))
        .statusCode,
    ).toBe(400);
  });

  it('checks a logo by its bytes: type, size and pixels', async () => {
    const png = solidPng(60, 30, [0, 0, 0]).toString('base64');
    expect(refusal(await upload('image/jpeg', png))).toMatchObject({
      status: 422,
      reason: 'checkout_design.logo_wrong_type',
    });
    expect(refusal(await upload('image/svg+xml', png))).toMatchObject({
      reason: 'checkout_design.logo_wrong_type',
    });
    expect(refusal(await upload('image/gif', png)).status).toBe(400);
    const tooLarge = Buffer.concat([solidPng(60, 30, [0, 0, 0]), Buffer.alloc(210 * 1024)]);
    expect(refusal(await upload('image/png', tooLarge.toString('base64')))).toMatchObject({
      status: 422,
      reason: 'checkout_design.logo_too_large',
      params: { maxKb: 200 },
    });
    const wayTooLarge = Buffer.alloc(400 * 1024).toString('base64');
    expect((await upload('image/png', wayTooLarge)).statusCode).toBe(413);
    expect(refusal(await upload('image/png', solidPng(8, 8, [0, 0, 0]).toString('base64')))).toMatchObject({
      reason: 'checkout_design.logo_dimensions',
      params: { min: 16, max: 2000 },
    });
    expect(refusal(await upload('image/jpeg', jpegHeader(4000, 100).toString('base64')))).toMatchObject({
      reason: 'checkout_design.logo_dimensions',
    });
    const jpeg = await upload('image/jpeg', jpegHeader(300, 100).toString('base64'));
    expect(logoAnswer.parse(jpeg.json()).data).toMatchObject({ width: 300, height: 100 });
    const safe = await upload('image/svg+xml', SAFE_SVG);
    expect(safe.statusCode).toBe(201);
    expect(logoAnswer.parse(safe.json()).data).toMatchObject({ width: 120, height: 40 });
  });

  it.each([
    ['a script', svg('<script>alert(1)</script>')],
    ['a prefixed script', svg('<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>')],
    ['onload=', svg('<rect/>', 'xmlns="http://www.w3.org/2000/svg" onload="alert(1)"')],
    ['an event handler further down', svg('<g><rect width="1" ONCLICK=\'alert(1)\'/></g>')],
    ['an external href', svg('<image href="https://evil.example/x.png"/>')],
    ['an external xlink:href', svg('<a xlink:href="javascript:alert(1)"><rect/></a>')],
    ['an entity-coded href', svg('<use href="&#106;avascript:alert(1)"/>')],
    [
      'a foreignObject',
      svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'),
    ],
    [
      'a DOCTYPE with entities',
      Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
      ).toString('base64'),
    ],
    ['a stylesheet that loads', svg('<style>@import url(https://evil.example/a.css);</style>')],
    ['a CSS url to another document', svg('<rect style="fill:url(https://evil.example/p.svg)"/>')],
    [
      'an animation rewriting an href',
      svg('<a href="#x"><set attributeName="href" to="javascript:alert(1)"/></a>'),
    ],
    [
      'a stylesheet instruction',
      Buffer.from(
        '<?xml version="1.0"?><?xml-stylesheet href="https://evil.example/s.css"?><svg xmlns="http://www.w3.org/2000/svg"/>',
      ).toString('base64'),
    ],
  ])('refuses an SVG with %s', async (_case, data) => {
    expect(refusal(await upload('image/svg+xml', data))).toMatchObject({
      status: 422,
      reason: 'checkout_design.logo_unsafe_svg',
    });
  });

  it('saves a draft that the shopper does not see; publishes it, audited without the logo bytes', async () => {
    const logo = await uploadPng();
    const draft = checkoutDesignInput({ shopName: 'Northwind Draft', logoId: logo.id });
    const saved = await save(draft);
    expect(saved.statusCode).toBe(200);
    expect(stateAnswer.parse(saved.json()).data).toMatchObject({
      draft: { shopName: 'Northwind Draft', logo: { id: logo.id, width: 60, height: 30 } },
      published: null,
      unpublishedChanges: true,
    });
    const token = await newCartToken();
    const before = checkoutAnswer.parse((await inject('GET', `/api/checkout/${token}`, {})).json()).data;
    expect(before.design).toBeNull();
    expect((await inject('GET', `/api/checkout/${token}/logo`, {})).statusCode).toBe(404);

    const published = await publish({ ...draft, shopName: 'Northwind Published', buttonColor: '#004400' });
    expect(published.statusCode).toBe(200);
    expect(stateAnswer.parse(published.json()).data).toMatchObject({
      published: { version: 1 },
      unpublishedChanges: false,
    });
    // A later draft stays the merchant's until it is published.
    await save({ ...draft, shopName: 'Northwind Next Draft', buttonColor: '#990000' });
    const after = checkoutAnswer.parse((await inject('GET', `/api/checkout/${token}`, {})).json()).data;
    expect(after.design).toMatchObject({
      shopName: 'Northwind Published',
      buttonColor: '#004400',
      buttonStyle: 'PILL',
      hasLogo: true,
    });
    expect((await state()).unpublishedChanges).toBe(true);

    const served = await inject('GET', `/api/checkout/${token}/logo`, {});
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(served.rawPayload.equals(Buffer.from(logo.data, 'base64'))).toBe(true);

    const [entry] = await audits('checkout_design.published');
    expect(entry?.merchant_id).toBe(mainId);
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({
      shopName: 'Northwind Published',
      logoId: logo.id,
      version: 1,
    });
    const saves = await audits('checkout_design.saved');
    expect(saves.length).toBeGreaterThanOrEqual(2);
    expect(JSON.parse(saves.at(-1)?.before ?? '{}')).toEqual({
      shopName: 'Northwind Published',
      buttonColor: '#004400',
    });
    for (const row of [...saves, entry]) {
      expect(`${row?.before ?? ''}${row?.after ?? ''}`).not.toContain(logo.data.slice(0, 40));
    }
  });

  it('lists the published versions and restores one as the draft, not published', async () => {
    await publish(checkoutDesignInput({ shopName: 'Northwind Second' }));
    const listed = versionsAnswer.parse((await inject('GET', '/api/checkout-design/versions', admin)).json());
    expect(listed.data.items.map((item) => [item.version, item.design.shopName])).toEqual([
      [2, 'Northwind Second'],
      [1, 'Northwind Published'],
    ]);
    expect(listed.data.items[1]?.design.hasLogo).toBe(true);

    const restored = await inject('POST', '/api/checkout-design/versions/1/restore', admin);
    expect(restored.statusCode).toBe(200);
    expect(stateAnswer.parse(restored.json()).data).toMatchObject({
      draft: { shopName: 'Northwind Published', buttonColor: '#004400' },
      published: { version: 2 },
      unpublishedChanges: true,
    });
    const token = await newCartToken();
    const shopper = checkoutAnswer.parse((await inject('GET', `/api/checkout/${token}`, {})).json()).data;
    expect(shopper.design?.shopName).toBe('Northwind Second');
    const [entry] = await audits('checkout_design.restored');
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({
      shopName: 'Northwind Published',
      restoredVersion: 1,
    });
    expect(refusal(await inject('POST', '/api/checkout-design/versions/99/restore', admin))).toMatchObject({
      status: 404,
      reason: 'checkout_design.version_not_found',
    });
    expect((await inject('POST', '/api/checkout-design/versions/0/restore', admin)).statusCode).toBe(400);
  });

  it("never reads nor changes another merchant's design, logo or versions", async () => {
    const mine = await state();
    const theirs = await state(otherAdmin);
    expect(theirs.draft.shopName).toBe(OTHER_MERCHANT);
    expect(theirs.published).toBeNull();
    const versions = versionsAnswer.parse(
      (await inject('GET', '/api/checkout-design/versions', otherAdmin)).json(),
    );
    expect(versions.data.items).toEqual([]);
    // Merchant A's version 1 is not merchant B's.
    expect((await inject('POST', '/api/checkout-design/versions/1/restore', otherAdmin)).statusCode).toBe(
      404,
    );
    // Merchant A's logo cannot be put into merchant B's design.
    const logo = await uploadPng();
    expect(refusal(await save(checkoutDesignInput({ logoId: logo.id }), otherAdmin))).toMatchObject({
      status: 422,
      reason: 'checkout_design.logo_not_found',
    });
    expect(refusal(await publish(checkoutDesignInput({ logoId: logo.id }), otherAdmin)).status).toBe(422);
    await publish(checkoutDesignInput({ shopName: 'Lakeside Shop' }), otherAdmin);
    expect(await state()).toEqual(mine);
    const own = await audits('checkout_design.published');
    expect(own.at(-1)?.merchant_id).not.toBe(mainId);
  });

  it('refuses every call of the page to a merchant without an interest-bearing ECOMM program', async () => {
    const withoutProgram = await authHeader(testApp.database, config, {
      role: 'ADMIN',
      merchantId: await merchantIdByName(testApp.database.db, NO_CHECKOUT_SDK_MERCHANT),
    });
    for (const [method, url] of [
      ['GET', '/api/checkout-design'],
      ['GET', '/api/checkout-design/versions'],
    ] as const) {
      expect(refusal(await inject(method, url, withoutProgram))).toMatchObject({
        status: 403,
        reason: 'page.program_required',
      });
    }
    expect(refusal(await save(checkoutDesignInput(), withoutProgram))).toMatchObject({
      status: 403,
      reason: 'page.program_required',
    });
  });
});
