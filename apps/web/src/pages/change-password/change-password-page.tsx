import { Stack } from '@mantine/core';
import { PageTitle } from '../../components/page-title';
import { ChangePasswordForm } from '../../features/passwords/components/change-password-form';
import { useAuth } from '../../lib/auth/auth-context';

/** `/account-settings/password`: the signed-in user changes its own password (issue 6). */
export function Component() {
  const { claims } = useAuth();
  if (!claims) return null;
  return (
    <Stack gap="md">
      <PageTitle page="changePassword" />
      <ChangePasswordForm email={claims.sub} />
    </Stack>
  );
}
