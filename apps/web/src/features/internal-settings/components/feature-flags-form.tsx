import { Badge, Group, Radio, Text } from '@mantine/core';
import { MERCHANT_PORTAL_FLAG_TAG } from '@portal/contracts/enums';
import { isFlagOn, type MerchantFeatureFlags } from '@portal/contracts/feature-flags';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SettingsFormFrame } from '../../../lib/forms/settings-form-frame';
import { useSettingsForm } from '../../../lib/forms/use-settings-form';
import { useUpdateMerchantFeatureFlags } from '../api/merchant-feature-flags';
import { FLAG_CHOICES, flagChanges, flagChoicesOf, flagChoicesSchema } from '../flag-choices';

interface FeatureFlagsFormProps {
  readonly merchantId: string;
  readonly flags: MerchantFeatureFlags;
  readonly readOnly: boolean;
}

/**
 * Each flag of the merchant's tenant: the tenant's value, the merchant's own (on, off, or none) and the
 * value the merchant gets. A change reaches the portal's guards at the merchant's next page load.
 */
export function FeatureFlagsForm({ merchantId, flags, readOnly }: FeatureFlagsFormProps) {
  const { t } = useTranslation('internalSettings');
  const update = useUpdateMerchantFeatureFlags(merchantId);
  const values = useMemo(() => flagChoicesOf(flags), [flags]);
  const form = useSettingsForm({
    section: 'internal_feature_flags',
    schema: flagChoicesSchema,
    values,
    save: async (choices) => {
      const changes = flagChanges(flags, choices);
      // The server refuses an empty change: nothing to send is saved already.
      if (Object.keys(changes).length === 0) return values;
      return flagChoicesOf(await update.mutateAsync(changes));
    },
    savedMessage: { key: 'internalSettings:flags.saved' },
    readOnly,
  });
  const onOff = (value: string) => t(isFlagOn(value) ? 'flags.on' : 'flags.off');

  if (flags.items.length === 0) return <Text size="sm">{t('flags.none')}</Text>;
  return (
    <SettingsFormFrame settings={form} submitLabel={t('flags.save')}>
      {flags.items.map((flag, index) => (
        <Controller
          key={flag.name}
          control={form.form.control}
          name={`flags.${index}.choice`}
          render={({ field }) => (
            <Radio.Group
              label={flag.name}
              description={t('flags.description', {
                reader: t(flag.tag === MERCHANT_PORTAL_FLAG_TAG ? 'flags.portal' : 'flags.other', {
                  tag: flag.tag,
                }),
                tenant: onOff(flag.tenantValue),
              })}
              descriptionProps={{ c: 'dark.4' }}
              value={field.value}
              onChange={field.onChange}
              name={field.name}
            >
              <Group gap="lg" mt={6} wrap="wrap">
                {FLAG_CHOICES.map((choice) => (
                  <Radio
                    key={choice}
                    value={choice}
                    onBlur={field.onBlur}
                    label={
                      choice === 'default'
                        ? t('flags.choice.default', { value: onOff(flag.tenantValue) })
                        : t(`flags.choice.${choice}`)
                    }
                  />
                ))}
                <Badge variant="light" color={isFlagOn(flag.value) ? 'green' : 'gray'} c="dark.7">
                  {t('flags.effective', { value: onOff(flag.value) })}
                </Badge>
              </Group>
            </Radio.Group>
          )}
        />
      ))}
    </SettingsFormFrame>
  );
}
