import { Button, Group, Paper, ScrollArea, Table, Text } from '@mantine/core';
import type { Enrollment } from '@portal/contracts/payment-products';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/status-badge';
import { ENROLLMENT_STATUS_COLORS } from './status-colors';

interface EnrollmentsTableProps {
  readonly enrollments: readonly Enrollment[];
  readonly productName: (productId: string) => string;
  /** A day of the merchant's calendar, as the page shows dates. */
  readonly formatDay: (instant: Date) => string;
  /** Undefined when the user may not change enrollments. */
  readonly actions:
    | {
        readonly onChange: (enrollment: Enrollment) => void;
        readonly onEnd: (enrollment: Enrollment) => void;
      }
    | undefined;
}

/**
 * The merchant's enrollments in the program, by start, with their status as the server computes it
 * from the dates (SCHEDULED, ACTIVE, LAPSED); a lapsed one is history and cannot change.
 */
export function EnrollmentsTable({ enrollments, productName, formatDay, actions }: EnrollmentsTableProps) {
  const { t } = useTranslation('paymentProducts');
  if (enrollments.length === 0) return <Text>{t('enrollments.empty')}</Text>;
  return (
    <Paper withBorder>
      <ScrollArea type="auto">
        <Table miw={640} aria-label={t('enrollments.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('enrollments.columns.product')}</Table.Th>
              <Table.Th>{t('enrollments.columns.from')}</Table.Th>
              <Table.Th>{t('enrollments.columns.to')}</Table.Th>
              <Table.Th>{t('enrollments.columns.status')}</Table.Th>
              {actions && <Table.Th>{t('enrollments.columns.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {enrollments.map((enrollment) => {
              const name = productName(enrollment.paymentProductID);
              return (
                <Table.Tr key={enrollment.id} data-enrollment={enrollment.id}>
                  <Table.Td>{name}</Table.Td>
                  <Table.Td>{formatDay(enrollment.effectiveFrom)}</Table.Td>
                  <Table.Td>
                    {enrollment.effectiveTo === null
                      ? t('enrollments.open')
                      : formatDay(enrollment.effectiveTo)}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={enrollment.status} colors={ENROLLMENT_STATUS_COLORS}>
                      {t(`status.${enrollment.status}`)}
                    </StatusBadge>
                  </Table.Td>
                  {actions && (
                    <Table.Td>
                      {enrollment.status !== 'LAPSED' && (
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="light"
                            aria-label={t('enrollments.changeOf', { name })}
                            onClick={() => {
                              actions.onChange(enrollment);
                            }}
                          >
                            {t('enrollments.change')}
                          </Button>
                          <Button
                            size="xs"
                            variant="outline"
                            color="red.8"
                            aria-label={t('enrollments.endOf', { name })}
                            onClick={() => {
                              actions.onEnd(enrollment);
                            }}
                          >
                            {t('enrollments.end')}
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}
