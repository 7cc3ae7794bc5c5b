import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth/auth-context';
import { BrandLogo } from '../../lib/brand/brand-logo';
import { usePortalName } from '../../lib/brand/document-title';
import { usePublicConfig } from '../../lib/public-config';

/** Sign-in through the identity provider; the page remembered before coming here stays remembered. */
export function ProviderSignIn() {
  const { t } = useTranslation('auth');
  const { brand } = usePublicConfig();
  const portal = usePortalName();
  const { signIn } = useAuth();
  const [redirecting, setRedirecting] = useState(false);

  const start = async () => {
    setRedirecting(true);
    // Resolves only if the redirect failed (an alert says why) or the user came back with "Back".
    await signIn();
    setRedirecting(false);
  };

  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="nowrap">
        <BrandLogo brand={brand} size={40} />
        <Text>{t('login.intro', { portal })}</Text>
      </Group>
      <Button size="md" loading={redirecting} onClick={() => void start()}>
        {t('login.submit')}
      </Button>
    </Stack>
  );
}
