import { Loader, Select, Stack, Text } from '@mantine/core';
import type { Program } from '@portal/contracts/programs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessageBox } from '../../../components/error-message-box';
import { useMerchantValues } from '../api/merchant-values';
import { MerchantValuesForm } from './merchant-values-form';

function ValuesOfProgram({
  merchantId,
  programId,
  readOnly,
}: {
  readonly merchantId: string;
  readonly programId: string;
  readonly readOnly: boolean;
}) {
  const { t } = useTranslation('internalSettings');
  const values = useMerchantValues(merchantId, programId);
  if (values.isError) return <ErrorMessageBox error={values.error} onRetry={() => void values.refetch()} />;
  if (values.data === undefined) return <Loader size="sm" aria-label={t('values.loading')} />;
  return <MerchantValuesForm merchantId={merchantId} saved={values.data} readOnly={readOnly} />;
}

/** The merchant's programs to choose from, and the internal values of the one chosen. */
export function ProgramValues({
  merchantId,
  programs,
  readOnly,
}: {
  readonly merchantId: string;
  readonly programs: readonly Program[];
  readonly readOnly: boolean;
}) {
  const { t } = useTranslation('internalSettings');
  const [programId, setProgramId] = useState(programs[0]?.id ?? null);
  if (programs.length === 0) return <Text size="sm">{t('values.noPrograms')}</Text>;
  return (
    <Stack gap="md">
      <Select
        label={t('values.program')}
        data={programs.map((program) => ({
          value: program.id,
          label: `${program.name} (${t(`values.channel.${program.channel}`)})`,
        }))}
        value={programId}
        onChange={setProgramId}
        allowDeselect={false}
        searchable
        maw={480}
      />
      {programId !== null && (
        <ValuesOfProgram key={programId} merchantId={merchantId} programId={programId} readOnly={readOnly} />
      )}
    </Stack>
  );
}
