import { Fieldset, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { BRAND_PROFILES } from '@portal/contracts/brands';
import {
  REGIONS,
  TIME_ZONES,
  merchantSettingsFormSchema,
  type MerchantSettings,
  type MerchantSettingsInput,
} from '@portal/contracts/merchant-settings';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccessContext } from '../../../lib/access/access-context';
import { TextField } from '../../../lib/forms/fields';
import { SelectField } from '../../../lib/forms/choice-fields';
import { SettingsFormFrame } from '../../../lib/forms/settings-form-frame';
import { useSettingsForm } from '../../../lib/forms/use-settings-form';
import { useMerchantSettings } from '../api/merchant-settings';
import { useUpdateMerchantSettings } from '../api/update-merchant-settings';

/** The form edits every setting but the country, which is where the merchant is. */
function formValues({ country: _country, ...values }: MerchantSettings): MerchantSettingsInput {
  return values;
}

/**
 * The merchant's General settings (issue 14): names, contact, address, website, time zone and the
 * language of its e-mails; read-only for a user without `u:merchant.settings`.
 */
export function GeneralSettingsForm({
  merchantId,
  readOnly,
}: {
  readonly merchantId: string;
  readonly readOnly: boolean;
}) {
  const { t } = useTranslation('generalSettings');
  const { brand } = useAccessContext();
  const query = useMerchantSettings(merchantId);
  const mutation = useUpdateMerchantSettings(merchantId);
  const country = query.data?.country ?? (brand === 'rbc' ? 'CA' : 'US');
  const languages = BRAND_PROFILES[brand].locales;
  const schema = useMemo(() => merchantSettingsFormSchema({ country, languages }), [country, languages]);
  const values = useMemo(() => (query.data ? formValues(query.data) : undefined), [query.data]);
  const settings = useSettingsForm({
    section: 'general',
    schema,
    values,
    save: async (body) => formValues(await mutation.mutateAsync(body)),
    savedMessage: { key: 'generalSettings:saved' },
    readOnly,
  });
  const { control } = settings.form;
  const text = (name: keyof MerchantSettingsInput) => ({ control, name, label: t(`fields.${name}`) });
  return (
    <Paper withBorder radius="md" p="lg" maw={760}>
      <SettingsFormFrame
        settings={settings}
        submitLabel={t('save')}
        loadError={query.isError ? { error: query.error, retry: () => void query.refetch() } : undefined}
      >
        <Fieldset legend={t('sections.business')} variant="unstyled">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField {...text('name')} description={t('hints.name')} required autoComplete="organization" />
            <TextField {...text('legalName')} required />
            <TextField {...text('website')} description={t('hints.website')} type="url" autoComplete="url" />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('sections.contact')} variant="unstyled">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField {...text('contactEmail')} type="email" required autoComplete="email" />
            <TextField {...text('contactPhone')} type="tel" required autoComplete="tel" />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('sections.address')} variant="unstyled">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField {...text('addressLine1')} required autoComplete="address-line1" />
            <TextField {...text('addressLine2')} autoComplete="address-line2" />
            <TextField {...text('city')} required autoComplete="address-level2" />
            <SelectField
              control={control}
              name="region"
              label={t(`fields.region.${country}`)}
              data={REGIONS[country]}
              searchable
              required
            />
            <TextField
              control={control}
              name="postalCode"
              label={t(`fields.postalCode.${country}`)}
              required
              autoComplete="postal-code"
            />
            <TextInput label={t('fields.country')} value={t(`countries.${country}`)} readOnly />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('sections.preferences')} variant="unstyled">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SelectField
              {...text('timeZone')}
              description={t('hints.timeZone')}
              data={TIME_ZONES[country].map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }))}
              searchable
              required
            />
            <SelectField
              {...text('language')}
              description={t('hints.language')}
              data={languages.map((locale) => ({ value: locale, label: t(`languages.${locale}`) }))}
              required
            />
          </SimpleGrid>
        </Fieldset>
      </SettingsFormFrame>
    </Paper>
  );
}
