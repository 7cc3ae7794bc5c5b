import {
  enrollmentsEndpoint,
  paymentProductAggregationEndpoint,
  paymentProductConfigurationsEndpoint,
  paymentProductsEndpoint,
} from '@portal/contracts/payment-products-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { retryOnce } from '../../../lib/http/retry-once';
import { paymentProductKeys } from './payment-product-keys';

/**
 * One program's products, their configurations (the program's defaults and the merchant's own), the
 * counts per product type and the merchant's enrollments in it: the four reads of the page, together.
 * A program has a handful of products, so one page of each list holds them all.
 */
async function fetchProgramProducts(programId: string, signal?: AbortSignal) {
  const params = { id: programId };
  const [products, configurations, aggregation, enrollments] = await Promise.all([
    callEndpoint(paymentProductsEndpoint, { params, signal }),
    callEndpoint(paymentProductConfigurationsEndpoint, { params, signal }),
    callEndpoint(paymentProductAggregationEndpoint, { params, signal }),
    callEndpoint(enrollmentsEndpoint, { query: { programID: programId }, signal }),
  ]);
  return {
    products: products.data.items,
    configurations: configurations.data.items,
    aggregation: aggregation.data,
    enrollments: enrollments.data.items,
  };
}

export function useProgramProducts(merchantId: string, programId: string) {
  return useQuery({
    queryKey: paymentProductKeys.program(merchantId, programId),
    queryFn: ({ signal }) => fetchProgramProducts(programId, signal),
    retry: retryOnce,
  });
}
