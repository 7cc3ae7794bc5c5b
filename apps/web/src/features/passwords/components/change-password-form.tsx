import { Paper, Text } from '@mantine/core';
import { CURRENT_PASSWORD_FIELD_PATH, NEW_PASSWORD_FIELD_PATH } from '@portal/contracts/passwords';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../lib/forms/fields';
import { SettingsFormFrame } from '../../../lib/forms/settings-form-frame';
import { useSettingsForm } from '../../../lib/forms/use-settings-form';
import { useChangePassword } from '../api/passwords-api';
import { EMPTY_PASSWORD_CHANGE, passwordChangeSchema, type PasswordChange } from '../new-password-schema';
import { NewPasswordFields } from './new-password-fields';

const FIELDS: Readonly<Record<string, keyof PasswordChange>> = {
  [CURRENT_PASSWORD_FIELD_PATH]: 'currentPassword',
  [NEW_PASSWORD_FIELD_PATH]: 'password',
};

/** The signed-in user's new password, given the current one (`w:user.password`): a settings form. */
export function ChangePasswordForm({ email }: { readonly email: string }) {
  const { t } = useTranslation('passwords');
  const mutation = useChangePassword();
  const settings = useSettingsForm({
    section: 'password',
    schema: passwordChangeSchema(email),
    values: EMPTY_PASSWORD_CHANGE,
    save: async ({ currentPassword, password }) => {
      await mutation.mutateAsync({ currentPassword, newPassword: password });
      // A password is never shown again: the fields empty once it is changed.
      return EMPTY_PASSWORD_CHANGE;
    },
    savedMessage: { key: 'passwords:change.done' },
    fieldErrors: {
      fieldOf: (path) => FIELDS[path] ?? null,
      // The server's reason for the new password is its own; a wrong current one has our words.
      messageOf: (detail) =>
        detail.path === CURRENT_PASSWORD_FIELD_PATH ? 'passwords:errors.currentWrong' : undefined,
    },
  });
  const { control } = settings.form;
  return (
    <Paper withBorder radius="md" p="lg" maw={520}>
      <SettingsFormFrame settings={settings} submitLabel={t('change.submit')}>
        <Text size="sm">{t('change.intro')}</Text>
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          control={control}
          name="currentPassword"
          label={t('fields.currentPassword')}
          autoComplete="current-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t('fields.showCurrentPassword') }}
        />
        <NewPasswordFields control={control} email={email} />
      </SettingsFormFrame>
    </Paper>
  );
}
