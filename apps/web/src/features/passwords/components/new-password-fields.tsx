import { Stack } from '@mantine/core';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../lib/forms/fields';
import type { NewPassword } from '../new-password-schema';
import { PasswordRulesList } from './password-rules-list';

interface NewPasswordFieldsProps<T extends NewPassword, O> {
  // The fields are bound by name: every form holding a new password calls them the same.
  readonly control: Control<T, unknown, O>;
  readonly email: string;
  readonly autoFocus?: boolean;
}

/** The new password, the rules as the user types, and its confirmation. */
export function NewPasswordFields<T extends NewPassword, O>({
  control,
  email,
  autoFocus,
}: NewPasswordFieldsProps<T, O>) {
  const { t } = useTranslation('passwords');
  // react-hook-form's Control is invariant in its values: a form holding more than the new password
  // (the current one too) is still one whose `password` and `confirmation` are these fields.
  const form = control as unknown as Control<NewPassword>;
  const password = useWatch({ control: form, name: 'password' });
  return (
    <Stack gap="sm">
      <PasswordField
        control={form}
        name="password"
        label={t('fields.newPassword')}
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        visibilityToggleButtonProps={{ 'aria-label': t('fields.showPassword') }}
      />
      <PasswordRulesList password={password} email={email} />
      <PasswordField
        control={form}
        name="confirmation"
        label={t('fields.confirmation')}
        autoComplete="new-password"
        required
        visibilityToggleButtonProps={{ 'aria-label': t('fields.showConfirmation') }}
      />
    </Stack>
  );
}
