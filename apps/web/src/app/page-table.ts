import {
  IconChartBar,
  IconFileExport,
  IconHistory,
  IconMail,
  IconMapPin,
  IconReceipt,
  IconReportMoney,
  IconSettings,
  IconShoppingCart,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { SETTINGS_PAGES, type PageName } from '@portal/contracts/routes';
import type { LazyRouteFunction, RouteObject } from 'react-router';

/** A page module exports what React Router reads from a route: `Component`, and `loader` if it has one. */
export type PageModule = LazyRouteFunction<RouteObject>;

export interface PageEntry {
  readonly module: PageModule;
  /** Listed in the shell's navigation: the main pages, then the account-settings entry. */
  readonly nav?: { readonly icon: Icon; readonly section: 'main' | 'account' };
}

const generalSettings: PageModule = () => import('../pages/general-settings/general-settings-page');

/**
 * Each page of the contracts' PAGES table and the module that renders it, loaded on demand. The router
 * and the navigation are both built from this table and PAGES; navigation follows this order.
 */
export const PAGE_TABLE: Readonly<Record<PageName, PageEntry>> = {
  transactions: {
    module: () => import('../pages/transactions/transactions-page'),
    nav: { icon: IconReceipt, section: 'main' },
  },
  // The list with the transaction's drawer open over it: the same module, so the list stays mounted.
  transaction: { module: () => import('../pages/transactions/transactions-page') },
  dataInsights: {
    module: () => import('../pages/data-insights/data-insights-page'),
    nav: { icon: IconChartBar, section: 'main' },
  },
  settlementReport: {
    module: () => import('../pages/settlement-report/settlement-report-page'),
    nav: { icon: IconReportMoney, section: 'main' },
  },
  targetingExport: {
    module: () => import('../pages/targeting-export/targeting-export-page'),
    nav: { icon: IconFileExport, section: 'main' },
  },
  carts: {
    module: () => import('../pages/carts/carts-page'),
    nav: { icon: IconShoppingCart, section: 'main' },
  },
  cartCreate: { module: () => import('../pages/cart-create/cart-create-page') },
  cart: { module: () => import('../pages/cart/cart-page') },
  locations: {
    module: () => import('../pages/locations/locations-page'),
    nav: { icon: IconMapPin, section: 'main' },
  },
  // The list with the location's drawer open over it: the same module, so the list stays mounted.
  location: { module: () => import('../pages/locations/locations-page') },
  userManagement: {
    module: () => import('../pages/user-management/user-management-page'),
    nav: { icon: IconUsers, section: 'main' },
  },
  auditLog: {
    module: () => import('../pages/audit-log/audit-log-page'),
    nav: { icon: IconHistory, section: 'main' },
  },
  accountSettings: { module: generalSettings, nav: { icon: IconSettings, section: 'account' } },
  // Provider staff only (its scope), beside the settings like the internal settings.
  outbox: {
    module: () => import('../pages/outbox/outbox-page'),
    nav: { icon: IconMail, section: 'account' },
  },
  generalSettings: { module: generalSettings },
  changePassword: { module: () => import('../pages/change-password/change-password-page') },
  checkoutDesign: { module: () => import('../pages/checkout-design/checkout-design-page') },
  placementDesign: { module: () => import('../pages/placement-design/placement-design-page') },
  accessKeys: { module: () => import('../pages/access-keys/access-keys-page') },
  emailNotifications: { module: () => import('../pages/email-notifications/email-notifications-page') },
  paymentProducts: { module: () => import('../pages/payment-products/payment-products-page') },
  internalSettings: { module: () => import('../pages/internal-settings/internal-settings-page') },
  bankInformation: { module: () => import('../pages/bank-information/bank-information-page') },
  fundingSettings: { module: () => import('../pages/funding-settings/funding-settings-page') },
  locationVerificationCodes: {
    module: () => import('../pages/location-verification-codes/location-verification-codes-page'),
  },
  merchantIdValidation: {
    module: () => import('../pages/merchant-id-validation/merchant-id-validation-page'),
  },
};

/** The account-settings group: rendered inside the settings shell (specification §2). */
export const SETTINGS_GROUP: ReadonlySet<PageName> = new Set(['accountSettings', ...SETTINGS_PAGES]);
