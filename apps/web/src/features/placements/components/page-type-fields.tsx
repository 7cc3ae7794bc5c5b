import { Fieldset, Group, SegmentedControl, Switch, Text } from '@mantine/core';
import type { Currency } from '@portal/contracts/money';
import { PLACEMENT_STYLES, PLACEMENT_THEMES, type PlacementPageType } from '@portal/contracts/placements';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Placements } from '@portal/contracts/placements';
import { MoneyField, SelectField } from '../../../lib/forms/choice-fields';
import type { PlacementFormValues } from '../placement-form-values';

interface PageTypeFieldsProps {
  readonly control: Control<PlacementFormValues, unknown, Placements>;
  readonly page: PlacementPageType;
  readonly currency: Currency;
}

/** One page type's settings: on or off, text or button, theme, and the amount below which nothing shows. */
export function PageTypeFields({ control, page, currency }: PageTypeFieldsProps) {
  const { t } = useTranslation('placements');
  const pageName = t(`pages.${page}`);
  return (
    <Fieldset legend={pageName} aria-label={pageName}>
      <Group align="flex-end" gap="lg" wrap="wrap">
        <Controller
          control={control}
          name={`${page}.enabled`}
          render={({ field }) => (
            <Switch
              ref={field.ref}
              name={field.name}
              checked={field.value}
              onChange={(event) => {
                field.onChange(event.currentTarget.checked);
              }}
              onBlur={field.onBlur}
              label={t('fields.enabled', { page: pageName })}
            />
          )}
        />
        <Controller
          control={control}
          name={`${page}.style`}
          render={({ field }) => (
            <div>
              <Text size="sm" fw={500} id={`placement-${page}-style`}>
                {t('fields.style')}
              </Text>
              <SegmentedControl
                aria-labelledby={`placement-${page}-style`}
                name={field.name}
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                }}
                data={PLACEMENT_STYLES.map((style) => ({ value: style, label: t(`styles.${style}`) }))}
              />
            </div>
          )}
        />
        <SelectField
          control={control}
          name={`${page}.theme`}
          label={t('fields.theme')}
          data={PLACEMENT_THEMES.map((theme) => ({ value: theme, label: t(`themes.${theme}`) }))}
          w={160}
        />
        <MoneyField
          control={control}
          name={`${page}.threshold`}
          label={t('fields.threshold', { currency })}
          w={220}
        />
      </Group>
    </Fieldset>
  );
}
