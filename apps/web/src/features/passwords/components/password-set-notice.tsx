import { Alert } from '@mantine/core';
import type { UserTokenPurpose } from '@portal/contracts/users';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';

/**
 * A password just created or reset, for the sign-in form that follows to say so. Session storage: the
 * whole round trip through the identity provider happens in this one tab, and it holds no secret.
 */
const PASSWORD_SET_KEY = 'portal.passwordSet';

const passwordSetSchema = z.object({
  email: z.string(),
  purpose: z.enum(['ACTIVATION', 'RESET']),
});

export function rememberPasswordSet(email: string, purpose: UserTokenPurpose): void {
  try {
    sessionStorage.setItem(PASSWORD_SET_KEY, JSON.stringify({ email, purpose }));
  } catch {
    // Storage disabled by the browser: the sign-in form opens without the word of success.
  }
}

function readPasswordSet(email: string): UserTokenPurpose | null {
  try {
    const parsed = passwordSetSchema.safeParse(
      JSON.parse(sessionStorage.getItem(PASSWORD_SET_KEY) ?? 'null'),
    );
    return parsed.success && parsed.data.email.toLowerCase() === email.toLowerCase()
      ? parsed.data.purpose
      : null;
  } catch {
    return null;
  }
}

/**
 * On the sign-in form whose e-mail is `email` (the login hint): the word that the password was just
 * created or changed, once; the next visit of the form no longer shows it.
 */
export function PasswordSetNotice({ email }: { readonly email: string | undefined }) {
  const { t } = useTranslation('passwords');
  const [purpose] = useState(() => (email === undefined ? null : readPasswordSet(email)));
  useEffect(() => {
    if (purpose === null) return;
    try {
      sessionStorage.removeItem(PASSWORD_SET_KEY);
    } catch {
      // Nothing was stored.
    }
  }, [purpose]);
  if (purpose === null) return null;
  return (
    <Alert role="status" color="teal" variant="light" icon={<IconCircleCheck aria-hidden />}>
      {t(purpose === 'ACTIVATION' ? 'activate.signInNow' : 'reset.signInNow')}
    </Alert>
  );
}
