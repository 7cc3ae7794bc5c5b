import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { MERCHANT_ROLES, type MerchantRole } from '@portal/contracts/roles';
import { addUserBodySchema, EMAIL_FIELD_PATH } from '@portal/contracts/users';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert, showErrorAlert } from '../../../lib/alerts/alert-store';
import { track } from '../../../lib/analytics/analytics';
import { ApiError } from '../../../lib/http/api-error';
import { isLocale } from '../../../lib/i18n/language';
import { useAddUser } from '../api/users-api';

const FIELDS = ['firstName', 'lastName', 'email', 'role'] as const;
type Field = (typeof FIELDS)[number];
type FieldErrors = Partial<Record<Field, string>>;

const EMPTY = { firstName: '', lastName: '', email: '', role: 'READ_ONLY' as MerchantRole };

interface AddUserDialogProps {
  readonly merchantId: string;
  readonly opened: boolean;
  readonly onClose: () => void;
}

/** Adds a user; the server e-mails the invitation in the language the admin is using. */
export function AddUserDialog({ merchantId, opened, onClose }: AddUserDialogProps) {
  const { t, i18n } = useTranslation('users');
  const mutation = useAddUser(merchantId);
  const [value, setValue] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});

  const close = () => {
    setValue(EMPTY);
    setErrors({});
    mutation.reset();
    onClose();
  };
  const field = (name: Exclude<Field, 'role'>) => ({
    label: t(`add.${name}`),
    required: true,
    value: value[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      setValue({ ...value, [name]: event.currentTarget.value });
    },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { ...value, locale: isLocale(i18n.language) ? i18n.language : 'en' };
    // The contracts' schema, as the server checks it: the same fields are refused here first.
    const parsed = addUserBodySchema.safeParse(body);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const name = FIELDS.find((candidate) => candidate === issue.path[0]);
        if (name !== undefined) next[name] ??= t(name === 'email' ? 'errors.email' : 'errors.required');
      }
      setErrors(next);
      return;
    }
    setErrors({});
    mutation.mutate(body, {
      onSuccess: (user) => {
        track('user_added', { role: user.role });
        showAlert({ type: 'Success', message: { key: 'users:add.done', values: { email: user.email } } });
        close();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.details.some((detail) => detail.path === EMAIL_FIELD_PATH)) {
          setErrors({ email: error.status === 409 ? t('errors.emailInUse') : t('errors.email') });
        } else showErrorAlert(error);
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('add.title')}
      size="md"
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group grow align="flex-start">
            <TextInput {...field('firstName')} autoComplete="off" data-autofocus />
            <TextInput {...field('lastName')} autoComplete="off" />
          </Group>
          <TextInput {...field('email')} type="email" autoComplete="off" />
          <Select
            label={t('add.role')}
            required
            allowDeselect={false}
            data={MERCHANT_ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))}
            value={value.role}
            onChange={(role) => {
              if (role !== null) setValue({ ...value, role: role });
            }}
          />
          <Text size="sm" c="dark.6">
            {t(`roleHelp.${value.role}`)}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {t('add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
