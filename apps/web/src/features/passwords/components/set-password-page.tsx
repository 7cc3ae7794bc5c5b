import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { PASSWORD_FIELD_PATH } from '@portal/contracts/passwords';
import { PUBLIC_PATHS } from '@portal/contracts/routes';
import type { UserTokenPurpose } from '@portal/contracts/users';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorMessageBox } from '../../../components/error-message-box';
import { PageTitle } from '../../../components/page-title';
import { useStartSignIn } from '../../../lib/auth/auth-context';
import { applyApiFieldErrors } from '../../../lib/forms/api-field-errors';
import { FormError } from '../../../lib/forms/fields';
import { formResolver } from '../../../lib/forms/form-resolver';
import { useRefusalText } from '../../../lib/http/refusal-text';
import { isGoneLink, usePasswordLink, useSetPassword } from '../api/passwords-api';
import { EMPTY_NEW_PASSWORD, newPasswordSchema, type NewPassword } from '../new-password-schema';
import { NewPasswordFields } from './new-password-fields';
import { rememberPasswordSet } from './password-set-notice';

const KEY: Readonly<Record<UserTokenPurpose, 'activate' | 'reset'>> = {
  ACTIVATION: 'activate',
  RESET: 'reset',
};

/** Used, expired, replaced or unknown alike: nothing here tells whether an account exists. */
function DeadLink({ purpose }: { readonly purpose: UserTokenPurpose }) {
  const { t } = useTranslation('passwords');
  return (
    <Stack gap="md">
      <Alert
        role="alert"
        color="red"
        variant="light"
        icon={<IconAlertCircle aria-hidden />}
        title={t('deadLink.title')}
      >
        <Text size="sm">{t('deadLink.text')}</Text>
        {purpose === 'ACTIVATION' && (
          <Text size="sm" mt="xs">
            {t('deadLink.askAdmin')}
          </Text>
        )}
      </Alert>
      <Button component={Link} to={PUBLIC_PATHS.forgotPassword}>
        {t('deadLink.newLink')}
      </Button>
      <Anchor component={Link} to={PUBLIC_PATHS.login} ta="center">
        {t('backToSignIn')}
      </Anchor>
    </Stack>
  );
}

interface FormProps {
  readonly purpose: UserTokenPurpose;
  readonly token: string;
  readonly email: string;
  readonly onDeadLink: () => void;
}

function SetPasswordForm({ purpose, token, email, onDeadLink }: FormProps) {
  const { t } = useTranslation('passwords');
  const signIn = useStartSignIn();
  const refusalText = useRefusalText();
  const mutation = useSetPassword(purpose, token);
  const form = useForm<NewPassword>({
    resolver: formResolver(newPasswordSchema(email)),
    defaultValues: EMPTY_NEW_PASSWORD,
    mode: 'onTouched',
  });
  const [done, setDone] = useState(false);

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      const answer = await mutation.mutateAsync(password);
      setDone(true);
      // Straight into the identity provider's sign-in, the e-mail already filled in, where the form
      // says that the password is set.
      rememberPasswordSet(answer.email, purpose);
      void signIn(undefined, answer.email);
    } catch (error) {
      if (isGoneLink(error)) onDeadLink();
      else
        applyApiFieldErrors(form, error, refusalText, {
          fieldOf: (path) => (path === PASSWORD_FIELD_PATH ? 'password' : null),
        });
    }
  });

  if (done) {
    return (
      <Alert role="status" color="teal" variant="light" icon={<IconCircleCheck aria-hidden />}>
        {t(`${KEY[purpose]}.done`)}
      </Alert>
    );
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm">{t(`${KEY[purpose]}.intro`, { email })}</Text>
        <NewPasswordFields control={form.control} email={email} autoFocus />
        <FormError control={form.control} />
        <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
          {t(`${KEY[purpose]}.submit`)}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * `/activate/:activationToken` (create password) and `/password/reset/:activationToken` (reset password):
 * checks the link first, then takes the new password and signs the user in through the identity provider.
 */
export function SetPasswordPage({ purpose }: { readonly purpose: UserTokenPurpose }) {
  const { t } = useTranslation('passwords');
  const { activationToken = '' } = useParams();
  const link = usePasswordLink(purpose, activationToken);
  const [dead, setDead] = useState(false);

  let body;
  if (link.isPending) {
    body = (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('checkingLink')}</Text>
      </Group>
    );
  } else if (link.isError) {
    body = <ErrorMessageBox error={link.error} onRetry={() => void link.refetch()} />;
  } else if (dead || link.data === null) {
    body = <DeadLink purpose={purpose} />;
  } else {
    body = (
      <SetPasswordForm
        purpose={purpose}
        token={activationToken}
        email={link.data.email}
        onDeadLink={() => {
          setDead(true);
        }}
      />
    );
  }
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="lg">
        <PageTitle page={purpose === 'ACTIVATION' ? 'activate' : 'passwordReset'} />
        {body}
      </Stack>
    </Paper>
  );
}
