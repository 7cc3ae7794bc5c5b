import { Button, Fieldset, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import {
  ACCESS_KEY_LEVELS,
  ACCESS_KEY_RESOURCES,
  createAccessKeyBodySchema,
  type AccessKeyWithSecret,
} from '@portal/contracts/access-keys';
import { DAY_MS } from '@portal/contracts/constants';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { applyApiFieldErrors } from '../../../lib/forms/api-field-errors';
import { FormError, TextField } from '../../../lib/forms/fields';
import { SelectField } from '../../../lib/forms/choice-fields';
import { FormGuard } from '../../../lib/forms/form-guard';
import { formResolver } from '../../../lib/forms/form-resolver';
import { useRefusalText } from '../../../lib/http/refusal-text';
import { useCreateAccessKey } from '../api/create-access-key';

/** The expiries offered: a key lives for good or for a number of days from its creation. */
const EXPIRIES = ['NEVER', 'DAYS_30', 'DAYS_90', 'DAYS_365'] as const;
const EXPIRY_DAYS: Readonly<Record<(typeof EXPIRIES)[number], number | null>> = {
  NEVER: null,
  DAYS_30: 30,
  DAYS_90: 90,
  DAYS_365: 365,
};

/** The expiry's instant, counted from the moment the form is sent. */
function expiresAtOf(expiry: (typeof EXPIRIES)[number]): string | null {
  const days = EXPIRY_DAYS[expiry];
  return days === null ? null : new Date(Date.now() + days * DAY_MS).toISOString();
}

const keyFormSchema = z.object({
  name: createAccessKeyBodySchema.shape.name,
  scopes: createAccessKeyBodySchema.shape.scopes,
  expiry: z.enum(EXPIRIES),
});
type KeyForm = z.input<typeof keyFormSchema>;

const EMPTY: KeyForm = { name: '', scopes: { carts: 'none', transactions: 'read' }, expiry: 'DAYS_90' };

interface CreateKeyDialogProps {
  readonly merchantId: string;
  readonly opened: boolean;
  readonly onClose: () => void;
  /** The new key and its secret, for the one-time secret dialog. */
  readonly onCreated: (created: AccessKeyWithSecret) => void;
}

/** Creates a key: its name, what it may reach (none, read or write per resource) and its expiry. */
export function CreateKeyDialog({ merchantId, opened, onClose, onCreated }: CreateKeyDialogProps) {
  const { t } = useTranslation('accessKeys');
  const refusalText = useRefusalText();
  const mutation = useCreateAccessKey(merchantId);
  const form = useForm({ resolver: formResolver(keyFormSchema), defaultValues: EMPTY });
  const { control, handleSubmit, reset } = form;

  const close = () => {
    reset(EMPTY);
    mutation.reset();
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    try {
      const created = await mutation.mutateAsync({
        name: values.name,
        scopes: values.scopes,
        expiresAt: expiresAtOf(values.expiry),
      });
      reset(EMPTY);
      onCreated(created);
    } catch (error) {
      applyApiFieldErrors(form, error, refusalText, {
        fieldOf: (path) =>
          path === 'body.name'
            ? 'name'
            : path === 'body.expiresAt'
              ? 'expiry'
              : path.startsWith('body.scopes')
                ? 'scopes'
                : null,
      });
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('create.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextField
            control={control}
            name="name"
            label={t('create.name')}
            required
            autoComplete="off"
            data-autofocus
          />
          <Text size="sm" c="dark.6" mt={-8}>
            {t('create.nameHelp')}
          </Text>
          <Fieldset legend={t('create.scopes')} variant="unstyled">
            <Stack gap="sm">
              {ACCESS_KEY_RESOURCES.map((resource) => (
                <Controller
                  key={resource}
                  control={control}
                  name={`scopes.${resource}`}
                  render={({ field }) => (
                    <Radio.Group
                      label={t(`resources.${resource}`)}
                      value={field.value}
                      onChange={field.onChange}
                      name={`scopes-${resource}`}
                    >
                      <Group gap="lg" mt={4}>
                        {ACCESS_KEY_LEVELS.map((level) => (
                          <Radio key={level} value={level} label={t(`levels.${level}`)} />
                        ))}
                      </Group>
                    </Radio.Group>
                  )}
                />
              ))}
              <Controller
                control={control}
                name="scopes"
                render={({ fieldState }) =>
                  fieldState.error?.message === undefined ? (
                    <></>
                  ) : (
                    <Text size="sm" c="red.8" role="alert">
                      {t(fieldState.error.message)}
                    </Text>
                  )
                }
              />
            </Stack>
          </Fieldset>
          <SelectField
            control={control}
            name="expiry"
            label={t('create.expiry')}
            data={EXPIRIES.map((value) => ({ value, label: t(`create.expiries.${value}`) }))}
          />
          <FormError control={control} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
        <FormGuard control={control} />
      </form>
    </Modal>
  );
}
