import { recordAnalyticsEndpoint } from './analytics-endpoints.js';
import { auditEntriesEndpoint, auditFacetsEndpoint, exportAuditEntriesEndpoint } from './audit-endpoints.js';
import {
  fakeTokenEndpoint,
  fakeUsersEndpoint,
  interactionDetailsEndpoint,
  logoutEndpoint,
  portalJwksEndpoint,
  tokenExchangeEndpoint,
} from './auth-endpoints.js';
import {
  cartActionEndpoints,
  cartEndpoint,
  checkoutEndpoint,
  completeCheckoutEndpoint,
  createCartEndpoint,
  listCartsEndpoint,
  updateCartEndpoint,
} from './carts-endpoints.js';
import { clientLogEndpoint } from './client-log-endpoints.js';
import { emailEndpoint, emailsEndpoint } from './emails-endpoints.js';
import type { AnyEndpoint } from './endpoint.js';
import { evaluateFlagEndpoint, evaluateFlagsEndpoint } from './feature-flags-endpoints.js';
import { fundingConfigurationEndpoint, updateFundingConfigurationEndpoint } from './funding-endpoints.js';
import { livenessEndpoint, readinessEndpoint } from './health-endpoints.js';
import { merchantValuesEndpoint, updateMerchantValuesEndpoint } from './merchant-values-endpoints.js';
import { currentMerchantEndpoint, merchantsEndpoint } from './merchants-endpoints.js';
import {
  changePasswordEndpoint,
  forgotPasswordEndpoint,
  passwordLinkEndpoints,
} from './passwords-endpoints.js';
import {
  createEnrollmentEndpoint,
  endEnrollmentEndpoint,
  enrollmentsEndpoint,
  paymentProductAggregationEndpoint,
  paymentProductConfigurationsEndpoint,
  paymentProductsEndpoint,
  updateEnrollmentEndpoint,
} from './payment-products-endpoints.js';
import { participationsEndpoint, programEndpoint } from './programs-endpoints.js';
import { publicConfigEndpoint } from './public-config-endpoints.js';
import {
  exportTransactionsEndpoint,
  listTransactionsEndpoint,
  transactionActionEndpoints,
  transactionEndpoint,
  transactionLocationsEndpoint,
  transactionTotalsEndpoint,
} from './transactions-endpoints.js';
import {
  addUserEndpoint,
  listUsersEndpoint,
  removeUserEndpoint,
  resendInvitationEndpoint,
  updateUserRoleEndpoint,
} from './users-endpoints.js';

/**
 * Every endpoint of the server, by name (docs/decisions/0009): the server registers each from its
 * declaration, and its tests check that what it registers is exactly this list (those with
 * `registeredWhen` only under their condition). The OIDC provider's own routes under /oidc are the
 * provider's, not ours.
 */
export const ENDPOINTS = {
  liveness: livenessEndpoint,
  readiness: readinessEndpoint,
  publicConfig: publicConfigEndpoint,
  portalJwks: portalJwksEndpoint,
  tokenExchange: tokenExchangeEndpoint,
  logout: logoutEndpoint,
  interactionDetails: interactionDetailsEndpoint,
  fakeUsers: fakeUsersEndpoint,
  fakeToken: fakeTokenEndpoint,
  clientLog: clientLogEndpoint,
  recordAnalytics: recordAnalyticsEndpoint,
  checkPasswordActivation: passwordLinkEndpoints.ACTIVATION.check,
  usePasswordActivation: passwordLinkEndpoints.ACTIVATION.use,
  checkPasswordReset: passwordLinkEndpoints.RESET.check,
  usePasswordReset: passwordLinkEndpoints.RESET.use,
  forgotPassword: forgotPasswordEndpoint,
  changePassword: changePasswordEndpoint,
  merchants: merchantsEndpoint,
  currentMerchant: currentMerchantEndpoint,
  participations: participationsEndpoint,
  program: programEndpoint,
  paymentProducts: paymentProductsEndpoint,
  paymentProductAggregation: paymentProductAggregationEndpoint,
  paymentProductConfigurations: paymentProductConfigurationsEndpoint,
  enrollments: enrollmentsEndpoint,
  createEnrollment: createEnrollmentEndpoint,
  updateEnrollment: updateEnrollmentEndpoint,
  endEnrollment: endEnrollmentEndpoint,
  merchantValues: merchantValuesEndpoint,
  updateMerchantValues: updateMerchantValuesEndpoint,
  fundingConfiguration: fundingConfigurationEndpoint,
  updateFundingConfiguration: updateFundingConfigurationEndpoint,
  evaluateFlag: evaluateFlagEndpoint,
  evaluateFlags: evaluateFlagsEndpoint,
  auditEntries: auditEntriesEndpoint,
  auditFacets: auditFacetsEndpoint,
  exportAuditEntries: exportAuditEntriesEndpoint,
  emails: emailsEndpoint,
  email: emailEndpoint,
  listTransactions: listTransactionsEndpoint,
  transactionTotals: transactionTotalsEndpoint,
  exportTransactions: exportTransactionsEndpoint,
  transactionLocations: transactionLocationsEndpoint,
  transaction: transactionEndpoint,
  settleTransaction: transactionActionEndpoints.settle,
  cancelTransaction: transactionActionEndpoints.cancel,
  refundTransaction: transactionActionEndpoints.refund,
  listCarts: listCartsEndpoint,
  createCart: createCartEndpoint,
  cart: cartEndpoint,
  updateCart: updateCartEndpoint,
  notifyCart: cartActionEndpoints.notify,
  resendCart: cartActionEndpoints.resend,
  expireCart: cartActionEndpoints.expire,
  checkout: checkoutEndpoint,
  completeCheckout: completeCheckoutEndpoint,
  listUsers: listUsersEndpoint,
  addUser: addUserEndpoint,
  resendInvitation: resendInvitationEndpoint,
  updateUserRole: updateUserRoleEndpoint,
  removeUser: removeUserEndpoint,
} as const satisfies Record<string, AnyEndpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
