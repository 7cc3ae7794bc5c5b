import { Text } from '@mantine/core';
import type { PaymentProduct } from '@portal/contracts/payment-products';
import type { TFunction } from 'i18next';
import { columnsOf } from '../../../components/data-table/data-table';
import { withRowActions } from '../../../components/data-table/row-actions';
import type { FormTerms } from '../enrollment-form';
import { termsText } from './terms-text';

interface ColumnOptions {
  readonly t: TFunction<'paymentProducts'>;
  readonly locale: string;
  readonly termsOf: (productId: string) => FormTerms;
  /** Whether the merchant has its own values for the product (over the program's defaults). */
  readonly ownTerms: (productId: string) => boolean;
  /** Undefined when the user may not enroll. */
  readonly onEnroll: ((product: PaymentProduct) => void) | undefined;
}

/** The program's products with the terms that apply to the merchant, each with "Enroll". */
export function productColumns({ t, locale, termsOf, ownTerms, onEnroll }: ColumnOptions) {
  const columns = columnsOf<PaymentProduct, 'name' | 'type' | 'terms'>(
    {
      name: { cell: (product) => product.name, rowHeader: true },
      type: { cell: (product) => t(`productTypes.${product.productType}`) },
      terms: {
        cell: (product) => (
          <>
            {termsText(t, termsOf(product.id), locale)}
            {ownTerms(product.id) && (
              <Text span size="sm" c="dark.4">
                {' '}
                {t('products.own')}
              </Text>
            )}
          </>
        ),
      },
    },
    (id) => t(`products.columns.${id}`),
  );
  return withRowActions(
    columns,
    t('products.columns.actions'),
    onEnroll && [
      {
        label: () => t('products.enroll'),
        name: (product) => t('products.enrollIn', { name: product.name }),
        open: onEnroll,
      },
    ],
  );
}
