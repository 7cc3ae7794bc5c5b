import { Alert, Button, Paper, Stack, Title } from '@mantine/core';
import { HOME_PATH } from '@portal/contracts/routes';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { LoadingPage } from '../../components/loading-page';
import { useAuth } from '../../lib/auth/auth-context';
import { useDocumentTitle } from '../../lib/brand/document-title';

/**
 * The page opened directly (a bookmark, the browser's history): no provider answer to redeem, so no
 * failed sign-in either; one message and the way to sign in.
 */
function NothingToFinish({ title }: { readonly title: string }) {
  const { t } = useTranslation('auth');
  const { signIn } = useAuth();
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {t('callback.nothingToFinish')}
        </Alert>
        <Button onClick={() => void signIn()} fullWidth>
          {t('login.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The return from the identity provider (specification §2): a loading page while the code is redeemed
 * and the token exchanged; the session then moves on to the remembered page, or to /login on failure.
 */
export function Component() {
  const { t } = useTranslation('pages');
  const { status, completeSignIn } = useAuth();
  const [searchParams] = useSearchParams();
  // The provider always answers with a code or an error (authorization code flow, query response).
  const fromProvider = searchParams.has('code') || searchParams.has('error');
  const title = t(fromProvider ? 'implicitCallback.title' : 'login.title');
  useDocumentTitle(title);
  useEffect(() => {
    if (fromProvider) void completeSignIn();
  }, [completeSignIn, fromProvider]);
  if (!fromProvider)
    return status === 'signed-in' ? <Navigate to={HOME_PATH} replace /> : <NothingToFinish title={title} />;
  return <LoadingPage title={title} />;
}
