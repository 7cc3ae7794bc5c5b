import { Text } from '@mantine/core';
import type { SettlementSums } from '@portal/contracts/settlement';
import { useTranslation } from 'react-i18next';
import type { Formatters } from '../../../lib/format/use-formatters';
import classes from './settlement.module.css';

/** "Sales 1,000.00 − Refunds 50.00 − Chargebacks 0.00 − Fees 30.00 = Net 920.00": a sum one can check. */
export function NetFormula({ sums, format }: { readonly sums: SettlementSums; readonly format: Formatters }) {
  const { t } = useTranslation('settlement');
  return (
    <Text className={classes.formula} data-testid="net-formula">
      {t('formula', {
        sales: format.money(sums.settlements),
        refunds: format.money(sums.refunds),
        chargebacks: format.money(sums.chargebacks),
        fees: format.money(sums.fees),
        net: format.money(sums.net),
      })}
    </Text>
  );
}
