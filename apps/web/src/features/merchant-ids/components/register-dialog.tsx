import { Button, Group, Modal, Stack } from '@mantine/core';
import { registerMerchantIdBodySchema } from '@portal/contracts/merchant-ids';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showAlert } from '../../../lib/alerts/alert-store';
import { applyApiFieldErrors } from '../../../lib/forms/api-field-errors';
import { FormError, TextField } from '../../../lib/forms/fields';
import { SelectField } from '../../../lib/forms/choice-fields';
import { FormGuard } from '../../../lib/forms/form-guard';
import { formResolver } from '../../../lib/forms/form-resolver';
import { useRefusalText } from '../../../lib/http/refusal-text';
import { useOpenLocations } from '../api/merchant-locations';
import { useRegisterMerchantId } from '../api/register-merchant-id';

const registerFormSchema = z.object({
  locationId: z.string().min(1, 'merchantIds:validation.location'),
  acquirerMerchantId: registerMerchantIdBodySchema.shape.acquirerMerchantId,
});
type RegisterForm = z.input<typeof registerFormSchema>;

const EMPTY: RegisterForm = { locationId: '', acquirerMerchantId: '' };

interface RegisterDialogProps {
  readonly merchantId: string;
  readonly opened: boolean;
  readonly onClose: () => void;
}

/** Registers an acquirer's merchant id for one of the merchant's open locations. */
export function RegisterDialog({ merchantId, opened, onClose }: RegisterDialogProps) {
  const { t } = useTranslation('merchantIds');
  const refusalText = useRefusalText();
  const locations = useOpenLocations(merchantId, opened);
  const mutation = useRegisterMerchantId(merchantId);
  const form = useForm({ resolver: formResolver(registerFormSchema), defaultValues: EMPTY });
  const { control, handleSubmit, reset } = form;

  const close = () => {
    reset(EMPTY);
    mutation.reset();
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    try {
      const registered = await mutation.mutateAsync({
        locationId: values.locationId,
        acquirerMerchantId: values.acquirerMerchantId,
      });
      reset(EMPTY);
      showAlert({
        type: 'Success',
        message: { key: 'merchantIds:register.done', values: { id: registered.acquirerMerchantId } },
      });
      onClose();
    } catch (error) {
      applyApiFieldErrors(form, error, refusalText, {
        fieldOf: (path) =>
          path === 'body.acquirerMerchantId'
            ? 'acquirerMerchantId'
            : path === 'body.locationId'
              ? 'locationId'
              : null,
      });
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('register.title')}
      size="md"
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <SelectField
            control={control}
            name="locationId"
            label={t('register.location')}
            required
            data={(locations.data ?? []).map((location) => ({
              value: location.id,
              label: `${location.name} (${location.storeNumber})`,
            }))}
          />
          <TextField
            control={control}
            name="acquirerMerchantId"
            label={t('register.acquirerMerchantId')}
            description={t('register.help')}
            required
            autoComplete="off"
          />
          <FormError control={control} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('register.submit')}
            </Button>
          </Group>
        </Stack>
        <FormGuard control={control} />
      </form>
    </Modal>
  );
}
