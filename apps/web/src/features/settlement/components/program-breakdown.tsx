import type { SettlementReport, SettlementSums } from '@portal/contracts/settlement';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { columnsOf, DataTable } from '../../../components/data-table/data-table';
import type { Formatters } from '../../../lib/format/use-formatters';

type ProgramLine = SettlementReport['programs'][number];

/** What a program's fees are of its sales, as a percentage; a dash where it sold nothing (platform fees). */
function feeRate(sums: SettlementSums, locale: string): string {
  if (sums.settlements.value === 0) return '—';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    sums.fees.value / sums.settlements.value,
  );
}

export interface ProgramBreakdownProps {
  readonly report: SettlementReport;
  readonly format: Formatters;
}

/**
 * Fees and net by financing program, so a merchant sees what each program costs; the lines add up to
 * the range's totals, shown below them.
 */
export function ProgramBreakdown({ report, format }: ProgramBreakdownProps) {
  const { t } = useTranslation('settlement');
  const columns = useMemo(
    () =>
      columnsOf<ProgramLine, 'program' | 'settlements' | 'fees' | 'feeRate' | 'net'>(
        {
          program: { rowHeader: true, cell: (line) => line.programName ?? t('programs.platform') },
          settlements: { align: 'end', cell: (line) => format.money(line.settlements) },
          fees: { align: 'end', cell: (line) => format.money(line.fees) },
          feeRate: { align: 'end', cell: (line) => feeRate(line, format.locale) },
          net: { align: 'end', cell: (line) => format.money(line.net) },
        },
        (id) => (id === 'program' || id === 'feeRate' ? t(`programs.${id}`) : t(`deposits.${id}`)),
      ),
    [t, format],
  );
  const { totals } = report;
  return (
    <DataTable
      label={t('programs.label')}
      columns={columns}
      rows={report.programs}
      status="success"
      getRowId={(line) => line.programId ?? 'platform'}
      skeletonRows={2}
      minWidth={560}
      focusableFrame
      empty={null}
      totals={{
        label: t('programs.total'),
        cells: {
          settlements: format.money(totals.settlements),
          fees: format.money(totals.fees),
          feeRate: feeRate(totals, format.locale),
          net: format.money(totals.net),
        },
      }}
    />
  );
}
