import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import type { MerchantValues } from '@portal/contracts/merchant-values';
import { IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../lib/forms/fields';
import { SettingsFormFrame } from '../../../lib/forms/settings-form-frame';
import { useSettingsForm } from '../../../lib/forms/use-settings-form';
import { useUpdateMerchantValues } from '../api/merchant-values';
import { valueChanges, valueEntriesOf, valueEntriesSchema } from '../value-entries';

interface MerchantValuesFormProps {
  readonly merchantId: string;
  readonly saved: MerchantValues;
  readonly readOnly: boolean;
}

/** One program's internal values of the merchant: change, add or remove keys, saved together. */
export function MerchantValuesForm({ merchantId, saved, readOnly }: MerchantValuesFormProps) {
  const { t } = useTranslation('internalSettings');
  const update = useUpdateMerchantValues(merchantId, saved.programID);
  const values = useMemo(() => valueEntriesOf(saved.values), [saved.values]);
  const form = useSettingsForm({
    section: 'internal_merchant_values',
    schema: valueEntriesSchema,
    values,
    save: async (edited) => {
      const changes = valueChanges(saved.values, edited);
      // The server refuses an empty change: nothing to send is saved already.
      if (Object.keys(changes).length === 0) return values;
      return valueEntriesOf((await update.mutateAsync(changes)).values);
    },
    savedMessage: { key: 'internalSettings:values.saved' },
    // The server names a key (`body.<key>`), not a row: its refusal shows above the button.
    fieldErrors: { fieldOf: () => null },
    readOnly,
  });
  const { control } = form.form;
  const rows = useFieldArray({ control, name: 'entries' });
  const entries = useWatch({ control, name: 'entries' });

  return (
    <SettingsFormFrame settings={form} submitLabel={t('values.save')}>
      {rows.fields.length === 0 && <Text size="sm">{t('values.none')}</Text>}
      {rows.fields.map((row, index) => {
        const key = entries[index]?.key ?? '';
        return (
          <Group key={row.id} align="flex-start" gap="sm" wrap="wrap">
            <TextField
              control={control}
              name={`entries.${index}.key`}
              label={t('values.key')}
              w={{ base: '100%', sm: 260 }}
            />
            <TextField
              control={control}
              name={`entries.${index}.value`}
              label={key === '' ? t('values.value') : t('values.valueOf', { key })}
              w={{ base: '100%', sm: 320 }}
            />
            {!readOnly && (
              <ActionIcon
                variant="subtle"
                color="red.8"
                mt={{ base: 0, sm: 28 }}
                size="lg"
                aria-label={key === '' ? t('values.removeNew') : t('values.remove', { key })}
                onClick={() => {
                  rows.remove(index);
                }}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        );
      })}
      {!readOnly && (
        <Stack align="flex-start">
          <Button
            variant="default"
            onClick={() => {
              rows.append({ key: '', value: '' });
            }}
          >
            {t('values.add')}
          </Button>
        </Stack>
      )}
    </SettingsFormFrame>
  );
}
