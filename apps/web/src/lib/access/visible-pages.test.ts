import { ROLE_SCOPES, ROLES, type Role } from '@portal/contracts/roles';
import { ALL_SCOPES, SCOPES } from '@portal/contracts/scopes';
import { PAGES, type PageName } from '@portal/contracts/routes';
import { describe, expect, it } from 'vitest';
import { buildAccessContext, type AccessInputs } from './access-context';
import { visiblePages } from './visible-pages';

const RBC_HIDDEN: PageName[] = [
  'settlementReport',
  'targetingExport',
  'carts',
  'cartCreate',
  'cart',
  'locations',
  'location',
];

const everything: AccessInputs = {
  brand: 'bread',
  scopes: ALL_SCOPES,
  programs: { ecommerce: true, ecommerceCheckoutSdk: true, instore: true, instoreVirtualCard: true },
  flags: { isLocationPageEnabled: true, isMerchantIdValidationPageEnabled: true },
};
const allPages = Object.keys(PAGES) as PageName[];
const visibleFor = (inputs: Partial<AccessInputs>) =>
  [...visiblePages(buildAccessContext({ ...everything, ...inputs }))].sort();
const except = (...pages: PageName[]) => allPages.filter((page) => !pages.includes(page)).sort();

describe('visiblePages', () => {
  it('shows every page to bread when everything is granted', () => {
    expect(visibleFor({})).toEqual([...allPages].sort());
  });

  it('hides the settlement report, targeting export, carts and locations from rbc', () => {
    expect(visibleFor({ brand: 'rbc' })).toEqual(except(...RBC_HIDDEN));
  });

  it('leaves out the pages the scopes do not grant', () => {
    const visible = visibleFor({ scopes: [SCOPES.settingsPageAccess] });
    expect(visible).toContain('generalSettings');
    expect(visible).not.toContain('userManagement');
    expect(visible).not.toContain('accessKeys');
  });

  it('leaves out the pages of programs the merchant does not have', () => {
    const programs = {
      ecommerce: false,
      ecommerceCheckoutSdk: false,
      instore: true,
      instoreVirtualCard: false,
    };
    expect(visibleFor({ programs })).toEqual(
      except(
        'carts',
        'cartCreate',
        'cart',
        'checkoutDesign',
        'placementDesign',
        'locationVerificationCodes',
        'merchantIdValidation',
      ),
    );
  });

  it('turns a flag on only when the answer says true, and ignores flags that gate no page', () => {
    expect(visibleFor({ flags: {} })).toEqual(except('locations', 'location', 'merchantIdValidation'));
    expect(visibleFor({ flags: { isLocationPageEnabled: false, somethingElse: true } })).toEqual(
      except('locations', 'location', 'merchantIdValidation'),
    );
    const context = buildAccessContext({
      ...everything,
      flags: { isLocationPageEnabled: true, other: true },
    });
    expect(context.flags).toEqual({ isLocationPageEnabled: true, isMerchantIdValidationPageEnabled: false });
  });

  const expected: Record<Role, PageName[]> = {
    ADMIN: except('internalSettings', 'outbox'),
    USER: except(
      'internalSettings',
      'outbox',
      'auditLog',
      'userManagement',
      'accessKeys',
      'bankInformation',
      'fundingSettings',
    ),
    READ_ONLY: except(
      'internalSettings',
      'outbox',
      'auditLog',
      'userManagement',
      'accessKeys',
      'bankInformation',
      'fundingSettings',
      'cartCreate',
      'locationVerificationCodes',
      'merchantIdValidation',
    ),
    INTERNAL_ADMIN: except(),
    INTERNAL_SUPPORT: except('cartCreate'),
  };
  it.each(ROLES)('offers %s the pages of its scopes', (role) => {
    expect(visibleFor({ scopes: ROLE_SCOPES[role] })).toEqual(expected[role]);
  });
});
