import { Button, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { CURRENT_PASSWORD_FIELD_PATH, NEW_PASSWORD_FIELD_PATH } from '@portal/contracts/passwords';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert, showErrorAlert } from '../../../lib/alerts/alert-store';
import { ApiError } from '../../../lib/http/api-error';
import { useChangePassword } from '../api/passwords-api';
import { NewPasswordFields, newPasswordErrors, type NewPassword } from './new-password-fields';

const EMPTY: NewPassword = { password: '', confirmation: '' };

/** The signed-in user's new password, given the current one (`w:user.password`). */
export function ChangePasswordForm({ email }: { readonly email: string }) {
  const { t } = useTranslation('passwords');
  const mutation = useChangePassword();
  const [current, setCurrent] = useState('');
  const [value, setValue] = useState<NewPassword>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<{ current?: string; password?: string }>({});

  const errors = submitted ? newPasswordErrors(value, email) : {};
  const currentMissing = submitted && current === '';
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setServerErrors({});
    if (current === '' || Object.keys(newPasswordErrors(value, email)).length > 0) return;
    mutation.mutate(
      { currentPassword: current, newPassword: value.password },
      {
        onSuccess: () => {
          setSubmitted(false);
          setCurrent('');
          setValue(EMPTY);
          showAlert({ type: 'Success', message: { key: 'passwords:change.done' } });
        },
        onError: (error) => {
          const detail = (path: string) =>
            error instanceof ApiError ? error.details.find((item) => item.path === path) : undefined;
          const wrongCurrent = detail(CURRENT_PASSWORD_FIELD_PATH);
          const badNew = detail(NEW_PASSWORD_FIELD_PATH);
          if (wrongCurrent === undefined && badNew === undefined) {
            showErrorAlert(error);
            return;
          }
          setServerErrors({
            ...(wrongCurrent === undefined ? {} : { current: t('errors.currentWrong') }),
            ...(badNew === undefined ? {} : { password: badNew.message }),
          });
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="lg" maw={520}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('change.intro')}</Text>
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordInput
            label={t('fields.currentPassword')}
            autoComplete="current-password"
            required
            value={current}
            onChange={(event) => {
              setCurrent(event.currentTarget.value);
            }}
            error={serverErrors.current ?? (currentMissing ? t('errors.currentRequired') : undefined)}
            visibilityToggleButtonProps={{ 'aria-label': t('fields.showCurrentPassword') }}
          />
          <NewPasswordFields
            value={value}
            onChange={setValue}
            email={email}
            errors={{
              password:
                serverErrors.password ?? (errors.password === undefined ? undefined : t(errors.password)),
              confirmation: errors.confirmation === undefined ? undefined : t(errors.confirmation),
            }}
          />
          <Button type="submit" loading={mutation.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('change.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
