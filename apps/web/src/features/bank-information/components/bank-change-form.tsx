import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import {
  BANK_ACCOUNT_TYPES,
  bankChangeFormSchema,
  type BankChangeInput,
  type BankCountry,
} from '@portal/contracts/bank-information';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../lib/forms/fields';
import { SelectField } from '../../../lib/forms/choice-fields';
import { SettingsFormFrame } from '../../../lib/forms/settings-form-frame';
import { useSettingsForm } from '../../../lib/forms/use-settings-form';
import { useRequestBankChange } from '../api/bank-changes';

const EMPTY: BankChangeInput = {
  holderName: '',
  bankName: '',
  accountType: 'CHECKING',
  routingNumber: '',
  institutionNumber: '',
  transitNumber: '',
  accountNumber: '',
};

/**
 * The request for a new deposit account, on the settings form pattern: the numbers of the merchant's
 * country, checked here as the server checks them (formats, the ABA check digit). Once sent the form
 * empties: the numbers are never shown again, only their last four digits.
 */
export function BankChangeForm({
  merchantId,
  country,
}: {
  readonly merchantId: string;
  readonly country: BankCountry;
}) {
  const { t } = useTranslation('bankInformation');
  const mutation = useRequestBankChange(merchantId);
  const schema = useMemo(() => bankChangeFormSchema(country), [country]);
  const settings = useSettingsForm({
    section: 'bank_information',
    schema,
    values: EMPTY,
    save: async (body) => {
      await mutation.mutateAsync(body);
      return EMPTY;
    },
    savedMessage: { key: 'bankInformation:requested' },
  });
  const { control } = settings.form;
  const field = (name: keyof BankChangeInput) => ({ control, name, label: t(`fields.${name}`) });
  // Numbers are typed, not remembered by the browser, and read as digits on a phone.
  const number = { inputMode: 'numeric', autoComplete: 'off', required: true } as const;
  return (
    <Paper withBorder radius="md" p="lg" maw={760} component="section" aria-label={t('form.title')}>
      <Title order={2} size="h4" mb="xs">
        {t('form.title')}
      </Title>
      <Text size="sm" mb="md">
        {t('form.intro')}
      </Text>
      <SettingsFormFrame settings={settings} submitLabel={t('form.submit')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField {...field('holderName')} required autoComplete="off" />
          <TextField {...field('bankName')} required autoComplete="off" />
          <SelectField
            {...field('accountType')}
            data={BANK_ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`accountTypes.${type}`) }))}
            required
          />
          {country === 'US' ? (
            <TextField {...field('routingNumber')} {...number} description={t('hints.routingNumber')} />
          ) : (
            <>
              <TextField
                {...field('institutionNumber')}
                {...number}
                description={t('hints.institutionNumber')}
              />
              <TextField {...field('transitNumber')} {...number} description={t('hints.transitNumber')} />
            </>
          )}
          <TextField
            {...field('accountNumber')}
            {...number}
            description={t(`hints.accountNumber.${country}`)}
          />
        </SimpleGrid>
      </SettingsFormFrame>
    </Paper>
  );
}
