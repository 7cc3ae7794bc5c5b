import { PasswordInput, Stack } from '@mantine/core';
import { brokenPasswordRules } from '@portal/contracts/password-rules';
import { useTranslation } from 'react-i18next';
import { PasswordRulesList } from './password-rules-list';

export interface NewPassword {
  readonly password: string;
  readonly confirmation: string;
}

/** What is wrong with a new password and its confirmation, as `passwords` keys; empty when none. */
export function newPasswordErrors(
  value: NewPassword,
  email: string,
): { password?: string; confirmation?: string } {
  return {
    ...(brokenPasswordRules(value.password, email).length > 0 ? { password: 'errors.rules' } : {}),
    ...(value.confirmation !== value.password ? { confirmation: 'errors.mismatch' } : {}),
  };
}

interface NewPasswordFieldsProps {
  readonly value: NewPassword;
  readonly onChange: (value: NewPassword) => void;
  readonly email: string;
  /** Shown after a submit: translated texts, or a server's message. */
  readonly errors: { password?: string | undefined; confirmation?: string | undefined };
  readonly label?: string;
  readonly autoFocus?: boolean;
}

/** The new password, the rules as the user types, and its confirmation. */
export function NewPasswordFields({
  value,
  onChange,
  email,
  errors,
  label,
  autoFocus,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation('passwords');
  return (
    <Stack gap="sm">
      <PasswordInput
        label={label ?? t('fields.newPassword')}
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        value={value.password}
        onChange={(event) => {
          onChange({ ...value, password: event.currentTarget.value });
        }}
        error={errors.password}
        visibilityToggleButtonProps={{ 'aria-label': t('fields.showPassword') }}
      />
      <PasswordRulesList password={value.password} email={email} />
      <PasswordInput
        label={t('fields.confirmation')}
        autoComplete="new-password"
        required
        value={value.confirmation}
        onChange={(event) => {
          onChange({ ...value, confirmation: event.currentTarget.value });
        }}
        error={errors.confirmation}
        visibilityToggleButtonProps={{ 'aria-label': t('fields.showConfirmation') }}
      />
    </Stack>
  );
}
