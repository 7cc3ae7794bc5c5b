import { Button, Paper, ScrollArea, Table, Text } from '@mantine/core';
import type { PaymentProduct } from '@portal/contracts/payment-products';
import { useTranslation } from 'react-i18next';
import type { FormTerms } from '../enrollment-form';
import { termsText } from './terms-text';

interface ProductsTableProps {
  readonly products: readonly PaymentProduct[];
  readonly termsOf: (productId: string) => FormTerms;
  /** Whether the merchant has its own values for the product (over the program's defaults). */
  readonly ownTerms: (productId: string) => boolean;
  readonly locale: string;
  /** Undefined when the user may not enroll. */
  readonly onEnroll: ((product: PaymentProduct) => void) | undefined;
}

/** The program's products with the terms that apply to the merchant, each with "Enroll". */
export function ProductsTable({ products, termsOf, ownTerms, locale, onEnroll }: ProductsTableProps) {
  const { t } = useTranslation('paymentProducts');
  if (products.length === 0) return <Text>{t('products.empty')}</Text>;
  return (
    <Paper withBorder>
      <ScrollArea type="auto">
        <Table miw={560} aria-label={t('products.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('products.columns.name')}</Table.Th>
              <Table.Th>{t('products.columns.type')}</Table.Th>
              <Table.Th>{t('products.columns.terms')}</Table.Th>
              {onEnroll && <Table.Th>{t('products.columns.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {products.map((product) => (
              <Table.Tr key={product.id}>
                <Table.Td>{product.name}</Table.Td>
                <Table.Td>{t(`productTypes.${product.productType}`)}</Table.Td>
                <Table.Td>
                  {termsText(t, termsOf(product.id), locale)}
                  {ownTerms(product.id) && (
                    <Text span size="sm" c="dark.4">
                      {' '}
                      {t('products.own')}
                    </Text>
                  )}
                </Table.Td>
                {onEnroll && (
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={t('products.enrollIn', { name: product.name })}
                      onClick={() => {
                        onEnroll(product);
                      }}
                    >
                      {t('products.enroll')}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}
