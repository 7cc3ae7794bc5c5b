import { Badge, Grid, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  BUTTON_STYLES,
  COLOR_FIELDS,
  DISPLAY_MODES,
  checkoutDesignInputSchema,
  type CheckoutDesignInput,
  type CheckoutDesignState,
  type CheckoutLogo,
} from '@portal/contracts/checkout-design';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PendingButton } from '../../../components/pending-button';
import { TextField } from '../../../lib/forms/fields';
import { SelectField } from '../../../lib/forms/choice-fields';
import { SettingsFormFrame } from '../../../lib/forms/settings-form-frame';
import { useSettingsForm } from '../../../lib/forms/use-settings-form';
import { useFormatters } from '../../../lib/format/use-formatters';
import { useCheckoutDesign } from '../api/checkout-design';
import { usePublishCheckoutDesign } from '../api/publish-checkout-design';
import { useSaveCheckoutDesign } from '../api/save-checkout-design';
import { CheckoutPreview } from './checkout-preview';
import { ColorField } from './color-field';
import { DesignVersionsList } from './design-versions-list';
import { LogoField, logoDataUrl } from './logo-field';

function toFormValues(state: CheckoutDesignState): CheckoutDesignInput {
  const { logo, ...fields } = state.draft;
  return { ...fields, logoId: logo?.id ?? null };
}

interface CheckoutDesignFormProps {
  readonly merchantId: string;
  readonly timeZone: string;
  /** `u:ui_customizations`: without it the design is shown read-only. */
  readonly canEdit: boolean;
}

/**
 * The checkout design (issue 14) on the settings pattern: "Save draft" keeps the changes from shoppers,
 * "Publish" saves and publishes them; the live preview and its contrast warnings follow every edit, and
 * the last published versions can be restored as the draft.
 */
export function CheckoutDesignForm({ merchantId, timeZone, canEdit }: CheckoutDesignFormProps) {
  const { t } = useTranslation('checkoutDesign');
  const format = useFormatters(timeZone);
  const query = useCheckoutDesign(merchantId);
  const save = useSaveCheckoutDesign(merchantId);
  const publish = usePublishCheckoutDesign(merchantId);
  // Logos by id: the draft's, and those uploaded since, for the preview.
  const [uploaded, setUploaded] = useState<Readonly<Record<string, CheckoutLogo>>>({});
  const settings = useSettingsForm({
    section: 'checkoutDesign',
    schema: checkoutDesignInputSchema,
    values: query.data === undefined ? undefined : toFormValues(query.data),
    save: async (values) => toFormValues(await save.mutateAsync(values)),
    savedMessage: { key: 'checkoutDesign:saved' },
    readOnly: !canEdit,
  });
  const { control, setValue, reset, formState } = settings.form;
  const values = useWatch({ control });
  const draftLogo = query.data?.draft.logo ?? null;
  const logos = draftLogo === null ? uploaded : { ...uploaded, [draftLogo.id]: draftLogo };
  const logoId = values.logoId ?? null;
  const logo = logoId === null ? null : (logos[logoId] ?? null);
  const state = query.data;

  const publishNow = settings.submitWith(async (design) => toFormValues(await publish.mutateAsync(design)), {
    key: 'checkoutDesign:published',
  });
  const design: CheckoutDesignInput = {
    primaryColor: values.primaryColor ?? '',
    buttonColor: values.buttonColor ?? '',
    buttonTextColor: values.buttonTextColor ?? '',
    backgroundColor: values.backgroundColor ?? '',
    textColor: values.textColor ?? '',
    buttonStyle: values.buttonStyle ?? 'ROUNDED',
    displayMode: values.displayMode ?? 'EMBEDDED',
    shopName: values.shopName ?? '',
    logoId,
  };

  return (
    <Stack gap="lg">
      {state !== undefined && (
        <Group gap="sm">
          <Text size="sm">
            {state.published === null
              ? t('status.never')
              : t('status.published', {
                  version: state.published.version,
                  when: format.dateTime(state.published.publishedAt),
                })}
          </Text>
          {state.published !== null && state.unpublishedChanges && (
            <Badge color="yellow" variant="light">
              {t('status.unpublishedChanges')}
            </Badge>
          )}
        </Group>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="md" radius="md">
            <SettingsFormFrame
              settings={settings}
              submitLabel={t('saveDraft')}
              loadError={
                query.isError ? { error: query.error, retry: () => void query.refetch() } : undefined
              }
              actions={
                <PendingButton color="green" onClick={() => publishNow()}>
                  {t('publish')}
                </PendingButton>
              }
            >
              <TextField control={control} name="shopName" label={t('fields.shopName')} required />
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                {COLOR_FIELDS.map((name) => (
                  <ColorField key={name} control={control} name={name} label={t(`fields.${name}`)} />
                ))}
              </SimpleGrid>
              <SelectField
                control={control}
                name="buttonStyle"
                label={t('fields.buttonStyle')}
                data={BUTTON_STYLES.map((value) => ({ value, label: t(`buttonStyles.${value}`) }))}
              />
              <SelectField
                control={control}
                name="displayMode"
                label={t('fields.displayMode')}
                data={DISPLAY_MODES.map((value) => ({ value, label: t(`displayModes.${value}`) }))}
              />
              <LogoField
                logo={logo}
                readOnly={!canEdit}
                onChange={(next) => {
                  if (next !== null) setUploaded((current) => ({ ...current, [next.id]: next }));
                  setValue('logoId', next?.id ?? null, { shouldDirty: true });
                }}
              />
            </SettingsFormFrame>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <CheckoutPreview design={design} logoSrc={logo === null ? undefined : logoDataUrl(logo)} />
        </Grid.Col>
      </Grid>
      <DesignVersionsList
        merchantId={merchantId}
        timeZone={timeZone}
        canEdit={canEdit}
        editing={formState.isDirty}
        onRestored={(restored) => {
          reset(toFormValues(restored));
        }}
      />
    </Stack>
  );
}
