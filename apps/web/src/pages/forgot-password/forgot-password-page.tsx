import { Alert, Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { emailSchema } from '@portal/contracts/email';
import { PUBLIC_PATHS } from '@portal/contracts/routes';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod/mini';
import { PageTitle } from '../../components/page-title';
import { isRateLimited, useForgotPassword } from '../../features/passwords/api/passwords-api';
import { LightTextField } from '../../lib/forms/light-fields';
import { useLightForm } from '../../lib/forms/light-form';
import { isLocale } from '../../lib/i18n/language';

const forgotPasswordFormSchema = z.object({ email: emailSchema });

/**
 * `/password/forgot`: asks for a reset e-mail. The answer is the same whether or not the account
 * exists; only too many requests from here are told apart.
 */
export function Component() {
  const { t, i18n } = useTranslation('passwords');
  const mutation = useForgotPassword();
  // The light form: a page opened signed out loads no react-hook-form (docs/decisions/0025).
  const { field, handleSubmit, values, isSubmitting } = useLightForm(
    forgotPasswordFormSchema,
    { email: '' },
    { mode: 'onTouched' },
  );
  const [sent, setSent] = useState(false);

  const submit = handleSubmit(async ({ email }) => {
    try {
      await mutation.mutateAsync({ email, locale: isLocale(i18n.language) ? i18n.language : 'en' });
      setSent(true);
    } catch {
      // Too many requests shows below (`mutation.error`); any other failure got the error alert.
    }
  });
  const limited = isRateLimited(mutation.error);

  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="lg">
        <PageTitle page="forgotPassword" />
        {sent ? (
          <Alert role="status" color="teal" variant="light" icon={<IconMailCheck aria-hidden />}>
            {t('forgot.sent', { email: values.email })}
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
              <LightTextField
                field={field('email')}
                type="email"
                label={t('fields.email')}
                autoComplete="username"
                required
                autoFocus
              />
              {/* isSubmitting, set as the submit starts: the mutation's isPending comes too late to stop a double click. */}
              <Button type="submit" loading={isSubmitting} fullWidth>
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
