import { Paper, Stack } from '@mantine/core';
import { HOME_PATH } from '@portal/contracts/routes';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { useAuth } from '../../lib/auth/auth-context';
import { usePublicConfig } from '../../lib/public-config';
import { FakeSignIn } from './fake-sign-in';
import { ProviderSignIn } from './provider-sign-in';
import { SignInFailureMessage } from './sign-in-failure-message';

/** /login (specification §2): sign in through the identity provider, or with fake auth, as an admin. */
export function Component() {
  const { fakeAuth } = usePublicConfig();
  const { status, failure } = useAuth();
  // Only who arrives signed in is sent home: a sign-in finishing here goes to the remembered page.
  const [signedInOnArrival] = useState(status === 'signed-in');
  if (signedInOnArrival) return <Navigate to={HOME_PATH} replace />;

  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="lg">
        <PageTitle page="login" />
        {failure !== null && <SignInFailureMessage failure={failure} />}
        {fakeAuth ? <FakeSignIn /> : <ProviderSignIn />}
      </Stack>
    </Paper>
  );
}
