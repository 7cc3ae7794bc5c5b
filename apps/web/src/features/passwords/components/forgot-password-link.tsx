import { Anchor } from '@mantine/core';
import { PUBLIC_PATHS } from '@portal/contracts/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** "Forgot password?" under the sign-in form. */
export function ForgotPasswordLink() {
  const { t } = useTranslation('passwords');
  return (
    <Anchor component={Link} to={PUBLIC_PATHS.forgotPassword} size="sm" ta="center">
      {t('forgot.link')}
    </Anchor>
  );
}
