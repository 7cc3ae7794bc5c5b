import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SignInFailure } from '../../lib/auth/auth-session';

/** Why the last sign-in ended here; it stays while the alert of §8 hides after a while. */
export function SignInFailureMessage({ failure }: { readonly failure: SignInFailure }) {
  const { t } = useTranslation('auth');
  return (
    <Alert
      role="alert"
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      title={t('login.failureTitle')}
    >
      {t(`login.failure.${failure}`)}
    </Alert>
  );
}
