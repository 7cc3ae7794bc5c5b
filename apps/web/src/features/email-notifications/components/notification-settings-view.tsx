import { Stack, Text } from '@mantine/core';
import type { NotificationSettings } from '@portal/contracts/email-notifications';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { recipientsOf } from '../matrix-values';
import { ExtraAddresses } from './extra-addresses';
import { NotificationMatrix } from './notification-matrix';

/** The matrix for a user who may only read it (`r:org.subscription` without `w:`): every box read-only. */
export function NotificationSettingsView({ settings }: { readonly settings: NotificationSettings }) {
  const { t } = useTranslation('notifications');
  const on = useMemo(
    () => new Set(settings.subscriptions.map((cell) => `${cell.event} ${cell.email}`)),
    [settings.subscriptions],
  );
  const teamEmails = useMemo(
    () => new Set(settings.teamMembers.map((member) => member.email)),
    [settings.teamMembers],
  );
  return (
    <Stack gap="lg">
      <Text size="sm">{t('readOnly')}</Text>
      <NotificationMatrix
        events={settings.events}
        recipients={recipientsOf(settings, settings.extraAddresses)}
        isOn={(event, email) => on.has(`${event} ${email}`)}
      />
      <ExtraAddresses addresses={settings.extraAddresses} teamEmails={teamEmails} />
    </Stack>
  );
}
