import { Alert, Anchor, Button, Paper, Stack, Text, TextInput } from '@mantine/core';
import { emailSchema } from '@portal/contracts/users';
import { PUBLIC_PATHS } from '@portal/contracts/routes';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { useForgotPassword } from '../../features/passwords/api/passwords-api';
import { showErrorAlert } from '../../lib/alerts/alert-store';
import { ApiError } from '../../lib/http/api-error';
import { isLocale } from '../../lib/i18n/language';

/**
 * `/password/forgot`: asks for a reset e-mail. The answer is the same whether or not the account
 * exists; only too many requests from here are told apart.
 */
export function Component() {
  const { t, i18n } = useTranslation('passwords');
  const mutation = useForgotPassword();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  const [limited, setLimited] = useState(false);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!emailSchema.safeParse(email).success) {
      setError(t('errors.email'));
      return;
    }
    setError(undefined);
    setLimited(false);
    mutation.mutate(
      { email, locale: isLocale(i18n.language) ? i18n.language : 'en' },
      {
        onSuccess: () => {
          setSent(true);
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 429) setLimited(true);
          else showErrorAlert(failure);
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="lg">
        <PageTitle page="forgotPassword" />
        {sent ? (
          <Alert role="status" color="teal" variant="light" icon={<IconMailCheck aria-hidden />}>
            {t('forgot.sent', { email })}
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <Text size="sm">{t('forgot.intro')}</Text>
              {limited && (
                <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
                  {t('forgot.rateLimited')}
                </Alert>
              )}
              <TextInput
                type="email"
                label={t('fields.email')}
                autoComplete="username"
                required
                autoFocus
                value={email}
                onChange={(event) => {
                  setEmail(event.currentTarget.value);
                }}
                error={error}
              />
              <Button type="submit" loading={mutation.isPending} fullWidth>
                {t('forgot.submit')}
              </Button>
            </Stack>
          </form>
        )}
        <Anchor component={Link} to={PUBLIC_PATHS.login} ta="center" size="sm">
          {t('backToSignIn')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
