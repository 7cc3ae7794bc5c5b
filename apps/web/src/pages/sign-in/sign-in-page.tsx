import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { Brand } from '@portal/contracts/brands';
import { href, PUBLIC_PATHS } from '@portal/contracts/routes';
import {
  SIGN_IN_ERROR_PARAM,
  SIGN_IN_ERRORS,
  SIGN_IN_FORM_FIELDS,
  SIGN_IN_RETRY_AT_PARAM,
  type InteractionDetails,
  type SignInError,
} from '@portal/contracts/sign-in';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { z } from 'zod/mini';
import { ErrorMessageBox } from '../../components/error-message-box';
import { ForgotPasswordLink } from '../../features/passwords/components/forgot-password-link';
import { PasswordSetNotice } from '../../features/passwords/components/password-set-notice';
import { PageTitle } from '../../components/page-title';
import { BrandLogo } from '../../lib/brand/brand-logo';
import { usePortalName } from '../../lib/brand/document-title';
import { LightPasswordField, LightTextField } from '../../lib/forms/light-fields';
import { useLightForm } from '../../lib/forms/light-form';
import { formatDateTime, formattingLocale } from '../../lib/i18n/format';
import { isLocale } from '../../lib/i18n/language';
import { usePublicConfig } from '../../lib/public-config';
import { interactionDetailsQueryOptions } from './interaction-details';

function signInErrorOf(value: string | null): SignInError | null {
  return SIGN_IN_ERRORS.find((error) => error === value) ?? null;
}

/** When a throttled sign-in may try again, in the user's language and time zone. */
function throttledMessage(
  t: TFunction<'auth'>,
  until: string | null,
  language: string,
  brand: Brand,
): string {
  const time = until === null ? Number.NaN : Date.parse(until);
  if (Number.isNaN(time)) return t('signIn.errors.throttledLater');
  const formatted = formatDateTime(new Date(time), {
    locale: formattingLocale(isLocale(language) ? language : 'en', brand),
    // No merchant is known before sign-in: the browser's own time zone is the user's.
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
  return t('signIn.errors.throttled', { time: formatted });
}

function Unavailable() {
  const { t } = useTranslation('auth');
  return (
    <Alert color="orange" variant="light" title={t('signIn.unavailableTitle')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('signIn.unavailable')}</Text>
        <Button component={Link} to={PUBLIC_PATHS.login}>
          {t('signIn.startAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}

interface SignInFormProps {
  readonly interactionId: string;
  readonly details: InteractionDetails;
  readonly error: SignInError | null;
  readonly retryAt: string | null;
}

/** The two fields, checked before the browser posts them (a missing one needs no round trip). */
const signInFormSchema = z.object({
  [SIGN_IN_FORM_FIELDS.email]: z.email(),
  [SIGN_IN_FORM_FIELDS.password]: z.string().check(z.minLength(1)),
});

/**
 * A plain HTML form that the browser posts itself once valid: the provider's interaction cookie is
 * scoped to exactly this page's path, and the server answers the post with a redirect (docs/auth.md).
 */
function SignInForm({ interactionId, details, error, retryAt }: SignInFormProps) {
  const { t, i18n } = useTranslation('auth');
  const { brand } = usePublicConfig();
  const [submitting, setSubmitting] = useState(false);
  // The light form (no react-hook-form on the page the portal opens with), checked on submit, not on
  // leaving a field: the focused e-mail field's message appearing on blur would move "Forgot password?"
  // away between the press and the release of a click on it.
  const { field, handleSubmit } = useLightForm(signInFormSchema, {
    [SIGN_IN_FORM_FIELDS.email]: details.loginHint ?? '',
    [SIGN_IN_FORM_FIELDS.password]: '',
  });
  const errorText =
    error === null
      ? null
      : error === 'throttled'
        ? throttledMessage(t, retryAt, i18n.language, brand)
        : t(`signIn.errors.${error}`);
  const hasHint = details.loginHint !== undefined && details.loginHint !== '';
  const post = (event: SubmitEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    handleSubmit(() => {
      setSubmitting(true);
      // The browser's own post (no onSubmit again): the answer is a redirect, not data for the page.
      form.submit();
    })(event);
  };

  return (
    <form method="post" action={href(PUBLIC_PATHS.signIn, { interactionId })} noValidate onSubmit={post}>
      <Stack gap="md">
        {errorText === null && <PasswordSetNotice email={details.loginHint} />}
        {errorText !== null && (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
            {errorText}
          </Alert>
        )}
        <LightTextField
          field={field(SIGN_IN_FORM_FIELDS.email)}
          type="email"
          label={t('signIn.email')}
          autoComplete="username"
          required
          autoFocus={!hasHint}
        />
        <LightPasswordField
          field={field(SIGN_IN_FORM_FIELDS.password)}
          label={t('signIn.password')}
          autoComplete="current-password"
          required
          autoFocus={hasHint}
          visibilityToggleButtonProps={{ 'aria-label': t('signIn.showPassword') }}
        />
        <Button type="submit" loading={submitting} fullWidth>
          {t('signIn.submit')}
        </Button>
        <ForgotPasswordLink />
      </Stack>
    </form>
  );
}

/**
 * The built-in identity provider's sign-in form (`/login/:interactionId`, docs/auth.md). It first asks
 * whether the interaction is still open, and shows why the last attempt was refused.
 */
export function Component() {
  const { t } = useTranslation('auth');
  const { brand } = usePublicConfig();
  const portalName = usePortalName();
  const { interactionId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const error = signInErrorOf(searchParams.get(SIGN_IN_ERROR_PARAM));
  // After `expired` the interaction is gone; asking about it again would only say so.
  const details = useQuery({
    ...interactionDetailsQueryOptions(interactionId),
    enabled: error !== 'expired',
  });

  let body;
  if (error === 'expired') {
    body = (
      <Stack gap="md">
        <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
          {t('signIn.errors.expired')}
        </Alert>
        <Button component={Link} to={PUBLIC_PATHS.login} fullWidth>
          {t('signIn.startAgain')}
        </Button>
      </Stack>
    );
  } else if (details.isPending) {
    body = (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('signIn.checking')}</Text>
      </Group>
    );
  } else if (details.isError) {
    body = <ErrorMessageBox error={details.error} onRetry={() => void details.refetch()} />;
  } else if (details.data === null) {
    body = <Unavailable />;
  } else {
    body = (
      <SignInForm
        interactionId={interactionId}
        details={details.data}
        error={error}
        retryAt={searchParams.get(SIGN_IN_RETRY_AT_PARAM)}
      />
    );
  }

  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap">
          <BrandLogo brand={brand} size={40} />
          <Text fw={700} size="lg">
            {portalName}
          </Text>
        </Group>
        <Stack gap="xs">
          <PageTitle page="signIn" />
          <Text c="gray.7">{t('signIn.intro')}</Text>
        </Stack>
        {body}
      </Stack>
    </Paper>
  );
}
