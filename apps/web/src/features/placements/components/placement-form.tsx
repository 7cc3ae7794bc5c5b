import { Stack, Text } from '@mantine/core';
import type { Currency } from '@portal/contracts/money';
import {
  PLACEMENT_PAGE_TYPES,
  type PlacementPageType,
  type PlacementSettings,
} from '@portal/contracts/placements';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsFormFrame } from '../../../lib/forms/settings-form-frame';
import { useSettingsForm } from '../../../lib/forms/use-settings-form';
import { isLocale } from '../../../lib/i18n/language';
import { usePlacementPlans } from '../api/placement-plans';
import { useUpdatePlacementSettings } from '../api/update-placement-settings';
import { formFieldOf, formValuesOf, placementFormSchema } from '../placement-form-values';
import { PageTypeFields } from './page-type-fields';
import { PlacementPreview } from './placement-preview';
import { PlacementSnippet } from './placement-snippet';

/** The preview's first price: $1,000, where most plans have a figure. */
const FIRST_PREVIEW_AMOUNT = 100_000;

interface PlacementFormProps {
  readonly merchantId: string;
  readonly currency: Currency;
  readonly timeZone: string;
  readonly settings: PlacementSettings | undefined;
  readonly loadError: { readonly error: unknown; readonly retry: () => void } | undefined;
  /** Without `w:placements` the settings are shown, not edited. */
  readonly readOnly: boolean;
}

/** On-site messaging: the four page types (a settings form), a live preview with real figures, the snippet. */
export function PlacementForm({
  merchantId,
  currency,
  timeZone,
  settings,
  loadError,
  readOnly,
}: PlacementFormProps) {
  const { t, i18n } = useTranslation('placements');
  const mutation = useUpdatePlacementSettings(merchantId);
  const plans = usePlacementPlans(merchantId);
  const [page, setPage] = useState<PlacementPageType>('product');
  const [amount, setAmount] = useState(FIRST_PREVIEW_AMOUNT);
  const form = useSettingsForm({
    section: 'placements',
    schema: placementFormSchema(currency),
    values: settings === undefined ? undefined : formValuesOf(settings.placements),
    save: async (placements) => formValuesOf((await mutation.mutateAsync(placements)).placements),
    savedMessage: { key: 'placements:saved' },
    fieldErrors: { fieldOf: formFieldOf },
    readOnly,
  });
  const language = isLocale(i18n.language) ? i18n.language : 'en';
  return (
    <Stack gap="lg">
      <SettingsFormFrame settings={form} submitLabel={t('save')} loadError={loadError}>
        <Text size="sm">{t('fields.thresholdHelp')}</Text>
        {PLACEMENT_PAGE_TYPES.map((type) => (
          <PageTypeFields key={type} control={form.form.control} page={type} currency={currency} />
        ))}
      </SettingsFormFrame>
      {!form.loading && loadError === undefined && (
        <>
          <PlacementPreview
            control={form.form.control}
            currency={currency}
            timeZone={timeZone}
            plans={plans.data?.plans}
            page={page}
            onPage={setPage}
            amount={amount}
            onAmount={setAmount}
          />
          <PlacementSnippet merchantId={merchantId} page={page} amount={amount} language={language} />
        </>
      )}
    </Stack>
  );
}
