import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { MERCHANT_ROLES } from '@portal/contracts/roles';
import { addUserBodySchema, EMAIL_FIELD_PATH, USER_CONFLICT_REASON_PATH } from '@portal/contracts/users';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../lib/alerts/alert-store';
import { track } from '../../../lib/analytics/analytics';
import { applyApiFieldErrors } from '../../../lib/forms/api-field-errors';
import { FormError, TextField } from '../../../lib/forms/fields';
import { SelectField } from '../../../lib/forms/choice-fields';
import { FormGuard } from '../../../lib/forms/form-guard';
import { formResolver } from '../../../lib/forms/form-resolver';
import { useRefusalText } from '../../../lib/http/refusal-text';
import { isLocale } from '../../../lib/i18n/language';
import { z } from 'zod';
import { conflictReasonOf, useAddUser } from '../api/users-api';

/** The dialog's fields: the body without the language, which is the admin's own. */
const addUserFormSchema = addUserBodySchema.omit({ locale: true });
type AddUserForm = z.input<typeof addUserFormSchema>;

const EMPTY: AddUserForm = { firstName: '', lastName: '', email: '', role: 'READ_ONLY' };
const FIELDS = Object.keys(EMPTY) as (keyof AddUserForm)[];

interface AddUserDialogProps {
  readonly merchantId: string;
  readonly opened: boolean;
  readonly onClose: () => void;
}

/** Adds a user; the server e-mails the invitation in the language the admin is using. */
export function AddUserDialog({ merchantId, opened, onClose }: AddUserDialogProps) {
  const { t, i18n } = useTranslation('users');
  const refusalText = useRefusalText();
  const mutation = useAddUser(merchantId);
  const form = useForm({ resolver: formResolver(addUserFormSchema), defaultValues: EMPTY });
  const { control, handleSubmit, reset } = form;
  const role = useWatch({ control, name: 'role' });

  const close = () => {
    reset(EMPTY);
    mutation.reset();
    onClose();
  };

  const submit = handleSubmit(async (value) => {
    try {
      const user = await mutation.mutateAsync({
        ...value,
        locale: isLocale(i18n.language) ? i18n.language : 'en',
      });
      track('user_added', { role: user.role });
      showAlert({ type: 'Success', message: { key: 'users:add.done', values: { email: user.email } } });
      close();
    } catch (error) {
      applyApiFieldErrors(form, error, refusalText, {
        // The reason beside a refused e-mail belongs to the e-mail field, not above the form.
        fieldOf: (path) => {
          if (path === USER_CONFLICT_REASON_PATH) return 'email';
          const name = path.replace(/^body\./, '');
          return FIELDS.find((field) => field === name) ?? null;
        },
        // An e-mail already in the team (409) or refused has our words; the server's others are its own.
        // A removed user's e-mail says where to restore that user instead.
        messageOf: (detail, refusal) => {
          if (detail.path !== EMAIL_FIELD_PATH && detail.path !== USER_CONFLICT_REASON_PATH) {
            return undefined;
          }
          if (refusal.status !== 409) return 'forms:email';
          return conflictReasonOf(refusal) === 'restorable'
            ? 'users:errors.emailOfRemovedUser'
            : 'users:errors.emailInUse';
        },
      });
    }
  });
  const field = (name: 'firstName' | 'lastName' | 'email') => ({
    control,
    name,
    label: t(`add.${name}`),
    required: true,
    autoComplete: 'off',
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('add.title')}
      size="md"
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Group grow align="flex-start">
            <TextField {...field('firstName')} data-autofocus />
            <TextField {...field('lastName')} />
          </Group>
          <TextField {...field('email')} type="email" />
          <SelectField
            control={control}
            name="role"
            label={t('add.role')}
            required
            data={MERCHANT_ROLES.map((value) => ({ value, label: t(`role.${value}`) }))}
          />
          <Text size="sm" c="dark.6">
            {t(`roleHelp.${role}`)}
          </Text>
          <FormError control={control} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {t('add.submit')}
            </Button>
          </Group>
        </Stack>
        <FormGuard control={control} />
      </form>
    </Modal>
  );
}
