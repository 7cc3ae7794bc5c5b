import { describe, expect, it } from 'vitest';
import { ROLE_SCOPES } from './roles.js';
import { decideAccess, href, PAGES, type AccessContext, type PageName } from './routes.js';
import { ALL_SCOPES, SCOPES } from './scopes.js';

const everything: AccessContext = {
  brand: 'bread',
  scopes: ALL_SCOPES,
  programs: { ecommerce: true, ecommerceCheckoutSdk: true, instore: true, instoreVirtualCard: true },
  flags: { isLocationPageEnabled: true, isMerchantIdValidationPageEnabled: true },
};

const pageNames = Object.keys(PAGES) as PageName[];

describe('decideAccess', () => {
  it.each(pageNames)('allows %s with every scope, program and flag on bread', (name) => {
    expect(decideAccess(PAGES[name], everything)).toBe('allowed');
  });

  const rbcHidden: PageName[] = [
    'settlementReport',
    'targetingExport',
    'carts',
    'cartCreate',
    'cart',
    'locations',
    'location',
  ];
  it.each(pageNames)('hides exactly the rbc pages from rbc: %s', (name) => {
    const decision = decideAccess(PAGES[name], { ...everything, brand: 'rbc' });
    expect(decision).toBe(rbcHidden.includes(name) ? 'hidden' : 'allowed');
  });

  it.each(pageNames.filter((name) => PAGES[name].scopes.length > 0))(
    'denies %s when any one of its scopes is missing',
    (name) => {
      for (const scope of PAGES[name].scopes) {
        const scopes = ALL_SCOPES.filter((s) => s !== scope);
        expect(decideAccess(PAGES[name], { ...everything, scopes })).toBe('denied');
      }
    },
  );

  const programPages: [PageName, keyof AccessContext['programs']][] = [
    ['carts', 'ecommerce'],
    ['cartCreate', 'ecommerce'],
    ['cart', 'ecommerce'],
    ['checkoutDesign', 'ecommerceCheckoutSdk'],
    ['placementDesign', 'ecommerce'],
    ['locationVerificationCodes', 'instoreVirtualCard'],
    ['merchantIdValidation', 'instoreVirtualCard'],
  ];
  it.each(programPages)('denies %s without the %s program', (name, program) => {
    const programs = { ...everything.programs, [program]: false };
    expect(decideAccess(PAGES[name], { ...everything, programs })).toBe('denied');
  });

  it.each(pageNames.filter((name) => !programPages.some(([page]) => page === name)))(
    'does not need a program for %s',
    (name) => {
      const programs = {
        ecommerce: false,
        ecommerceCheckoutSdk: false,
        instore: false,
        instoreVirtualCard: false,
      };
      expect(decideAccess(PAGES[name], { ...everything, programs })).toBe('allowed');
    },
  );

  it('needs the location flag for locations and the merchant-ID flag for merchant ID validation', () => {
    expect(decideAccess(PAGES.locations, { ...everything, flags: {} })).toBe('denied');
    expect(
      decideAccess(PAGES.merchantIdValidation, { ...everything, flags: { isLocationPageEnabled: true } }),
    ).toBe('denied');
    expect(decideAccess(PAGES.transactions, { ...everything, flags: {} })).toBe('allowed');
  });

  it('matches scopes by exact membership, not by prefix', () => {
    const scopes = ['r:merchant.users.extra', 'r:merchant'];
    expect(decideAccess(PAGES.userManagement, { ...everything, scopes })).toBe('denied');
  });

  it('gives a READ_ONLY user no user management, carts creation or settings edit pages', () => {
    const context = { ...everything, scopes: ROLE_SCOPES.READ_ONLY };
    expect(decideAccess(PAGES.userManagement, context)).toBe('denied');
    expect(decideAccess(PAGES.cartCreate, context)).toBe('denied');
    expect(decideAccess(PAGES.carts, context)).toBe('allowed');
    expect(decideAccess(PAGES.accessKeys, context)).toBe('denied');
  });
});

describe('href', () => {
  it('fills and encodes parameters', () => {
    expect(href(PAGES.cart.path, { cartId: 'a b/c' })).toBe('/carts/a%20b%2Fc');
    expect(href(PAGES.transactions.path)).toBe('/transactions');
  });
});

describe('settings scope', () => {
  it('is needed by every settings page', () => {
    for (const page of [PAGES.generalSettings, PAGES.accountSettings, PAGES.bankInformation]) {
      expect(page.scopes).toContain(SCOPES.settingsPageAccess);
    }
  });
});
