/**
 * The query key of the plans a merchant offers its shoppers (its ACTIVE enrollments): the placement
 * preview reads them, the payment-products page changes them; shared here so that neither feature
 * imports the other.
 */
export const offeredPlansKey = (merchantId: string) => ['placements', merchantId, 'plans'] as const;
