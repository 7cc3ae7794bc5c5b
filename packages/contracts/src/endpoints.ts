import {
  createAccessKeyEndpoint,
  listAccessKeysEndpoint,
  revokeAccessKeyEndpoint,
  rotateAccessKeyEndpoint,
} from './access-keys-endpoints.js';
import { recordAnalyticsEndpoint } from './analytics-endpoints.js';
import {
  bankInformationEndpoint,
  cancelBankChangeEndpoint,
  confirmBankChangeEndpoint,
  requestBankChangeEndpoint,
} from './bank-information-endpoints.js';
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
  declineCheckoutEndpoint,
  createCartEndpoint,
  listCartsEndpoint,
  updateCartEndpoint,
} from './carts-endpoints.js';
import {
  checkoutDesignEndpoint,
  checkoutDesignVersionsEndpoint,
  checkoutLogoEndpoint,
  publishCheckoutDesignEndpoint,
  restoreCheckoutDesignEndpoint,
  saveCheckoutDesignEndpoint,
  uploadCheckoutLogoEndpoint,
} from './checkout-design-endpoints.js';
import { clientLogEndpoint } from './client-log-endpoints.js';
import {
  notificationDeliveriesEndpoint,
  notificationSettingsEndpoint,
  sendNotificationTestEndpoint,
  updateNotificationSettingsEndpoint,
} from './email-notifications-endpoints.js';
import { emailEndpoint, emailsEndpoint } from './emails-endpoints.js';
import type { AnyEndpoint } from './endpoint.js';
import {
  depositCalendarEndpoint,
  fundingConfigurationEndpoint,
  updateFundingConfigurationEndpoint,
} from './funding-endpoints.js';
import {
  evaluateFlagEndpoint,
  evaluateFlagsEndpoint,
  merchantFeatureFlagsEndpoint,
  updateMerchantFeatureFlagsEndpoint,
} from './feature-flags-endpoints.js';
import { livenessEndpoint, readinessEndpoint } from './health-endpoints.js';
import {
  createLocationEndpoint,
  exportLocationsEndpoint,
  listLocationsEndpoint,
  locationEndpoint,
  locationStatusEndpoints,
  updateLocationEndpoint,
} from './locations-endpoints.js';
import {
  checkVerificationCodeEndpoint,
  generateLocationCodeEndpoint,
  listLocationCodesEndpoint,
  revokeLocationCodeEndpoint,
} from './location-verification-codes-endpoints.js';
import {
  issueVirtualCardEndpoint,
  merchantIdsEndpoint,
  registerMerchantIdEndpoint,
  validateMerchantIdEndpoint,
} from './merchant-ids-endpoints.js';
import { merchantValuesEndpoint, updateMerchantValuesEndpoint } from './merchant-values-endpoints.js';
import {
  currentMerchantEndpoint,
  merchantSettingsEndpoint,
  merchantsEndpoint,
  updateMerchantSettingsEndpoint,
} from './merchants-endpoints.js';
import {
  merchantApiCreateCartEndpoint,
  merchantApiTransactionEndpoint,
  merchantApiTransactionsEndpoint,
} from './merchant-api-endpoints.js';
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
import { insightsEndpoint } from './insights-endpoints.js';
import { participationsEndpoint, programEndpoint } from './programs-endpoints.js';
import { publicConfigEndpoint } from './public-config-endpoints.js';
import {
  placementPlansEndpoint,
  placementScriptEndpoint,
  placementSettingsEndpoint,
  publicPlacementConfigEndpoint,
  updatePlacementSettingsEndpoint,
} from './placements-endpoints.js';
import {
  createTargetingExportEndpoint,
  exportTargetingHistoryEndpoint,
  targetingExportFileEndpoint,
  targetingExportersEndpoint,
  targetingExportsEndpoint,
  targetingPreviewEndpoint,
} from './targeting-endpoints.js';
import {
  addSettlementSubscriptionEndpoint,
  depositEndpoint,
  exportSettlementCsvEndpoint,
  exportSettlementXlsxEndpoint,
  nextDepositEndpoint,
  removeSettlementSubscriptionEndpoint,
  settlementReportEndpoint,
  settlementSubscriptionsEndpoint,
} from './settlement-endpoints.js';
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
  restoreUserEndpoint,
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
  merchantSettings: merchantSettingsEndpoint,
  updateMerchantSettings: updateMerchantSettingsEndpoint,
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
  depositCalendar: depositCalendarEndpoint,
  evaluateFlag: evaluateFlagEndpoint,
  evaluateFlags: evaluateFlagsEndpoint,
  merchantFeatureFlags: merchantFeatureFlagsEndpoint,
  updateMerchantFeatureFlags: updateMerchantFeatureFlagsEndpoint,
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
  declineCheckout: declineCheckoutEndpoint,
  listLocations: listLocationsEndpoint,
  exportLocations: exportLocationsEndpoint,
  location: locationEndpoint,
  createLocation: createLocationEndpoint,
  updateLocation: updateLocationEndpoint,
  deactivateLocation: locationStatusEndpoints.deactivate,
  reactivateLocation: locationStatusEndpoints.reactivate,
  listUsers: listUsersEndpoint,
  addUser: addUserEndpoint,
  resendInvitation: resendInvitationEndpoint,
  updateUserRole: updateUserRoleEndpoint,
  removeUser: removeUserEndpoint,
  restoreUser: restoreUserEndpoint,
  targetingPreview: targetingPreviewEndpoint,
  createTargetingExport: createTargetingExportEndpoint,
  targetingExports: targetingExportsEndpoint,
  targetingExporters: targetingExportersEndpoint,
  targetingExportFile: targetingExportFileEndpoint,
  exportTargetingHistory: exportTargetingHistoryEndpoint,
  insights: insightsEndpoint,
  settlementReport: settlementReportEndpoint,
  deposit: depositEndpoint,
  nextDeposit: nextDepositEndpoint,
  exportSettlementCsv: exportSettlementCsvEndpoint,
  exportSettlementXlsx: exportSettlementXlsxEndpoint,
  settlementSubscriptions: settlementSubscriptionsEndpoint,
  addSettlementSubscription: addSettlementSubscriptionEndpoint,
  listLocationCodes: listLocationCodesEndpoint,
  generateLocationCode: generateLocationCodeEndpoint,
  revokeLocationCode: revokeLocationCodeEndpoint,
  checkVerificationCode: checkVerificationCodeEndpoint,
  merchantIds: merchantIdsEndpoint,
  registerMerchantId: registerMerchantIdEndpoint,
  validateMerchantId: validateMerchantIdEndpoint,
  issueVirtualCard: issueVirtualCardEndpoint,
  removeSettlementSubscription: removeSettlementSubscriptionEndpoint,
  notificationSettings: notificationSettingsEndpoint,
  updateNotificationSettings: updateNotificationSettingsEndpoint,
  sendNotificationTest: sendNotificationTestEndpoint,
  notificationDeliveries: notificationDeliveriesEndpoint,
  checkoutDesign: checkoutDesignEndpoint,
  saveCheckoutDesign: saveCheckoutDesignEndpoint,
  publishCheckoutDesign: publishCheckoutDesignEndpoint,
  checkoutDesignVersions: checkoutDesignVersionsEndpoint,
  restoreCheckoutDesign: restoreCheckoutDesignEndpoint,
  uploadCheckoutLogo: uploadCheckoutLogoEndpoint,
  checkoutLogo: checkoutLogoEndpoint,
  listAccessKeys: listAccessKeysEndpoint,
  createAccessKey: createAccessKeyEndpoint,
  rotateAccessKey: rotateAccessKeyEndpoint,
  revokeAccessKey: revokeAccessKeyEndpoint,
  merchantApiCreateCart: merchantApiCreateCartEndpoint,
  merchantApiTransactions: merchantApiTransactionsEndpoint,
  merchantApiTransaction: merchantApiTransactionEndpoint,
  placementSettings: placementSettingsEndpoint,
  updatePlacementSettings: updatePlacementSettingsEndpoint,
  placementPlans: placementPlansEndpoint,
  publicPlacementConfig: publicPlacementConfigEndpoint,
  placementScript: placementScriptEndpoint,
  bankInformation: bankInformationEndpoint,
  requestBankChange: requestBankChangeEndpoint,
  confirmBankChange: confirmBankChangeEndpoint,
  cancelBankChange: cancelBankChangeEndpoint,
} as const satisfies Record<string, AnyEndpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
