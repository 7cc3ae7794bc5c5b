import { Stack, Text } from '@mantine/core';
import {
  notificationSettingsBodySchema,
  type NotificationEvent,
  type NotificationSettings,
} from '@portal/contracts/email-notifications';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../lib/alerts/alert-store';
import { SettingsFormFrame } from '../../../lib/forms/settings-form-frame';
import { useSettingsForm } from '../../../lib/forms/use-settings-form';
import { useSendNotificationTest } from '../api/send-notification-test';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import {
  matrixValuesOf,
  recipientsOf,
  withCell,
  withoutAddress,
  canonical,
  type MatrixValues,
} from '../matrix-values';
import { ExtraAddresses } from './extra-addresses';
import { NotificationMatrix } from './notification-matrix';

const SUMMARY_LOCKED: ReadonlySet<NotificationEvent> = new Set(['DAILY_SETTLEMENT_SUMMARY']);

/** The matrix for a user who may change it (`w:org.subscription`): a settings form. */
export function NotificationSettingsForm({
  merchantId,
  settings,
}: {
  readonly merchantId: string;
  readonly settings: NotificationSettings;
}) {
  const { t } = useTranslation('notifications');
  const update = useUpdateNotificationSettings(merchantId);
  const sendTest = useSendNotificationTest(merchantId);
  const values = useMemo(() => matrixValuesOf(settings), [settings]);
  const form = useSettingsForm({
    section: 'email_notifications',
    schema: notificationSettingsBodySchema,
    values,
    save: async (body) => matrixValuesOf(await update.mutateAsync(body)),
    savedMessage: { key: 'notifications:saved' },
    // The server's refusals name cells and addresses, not fields of their own: shown above the button.
    fieldErrors: { fieldOf: () => null },
  });
  const { control, getValues, setValue } = form.form;
  const extraAddresses = useWatch({ control, name: 'extraAddresses' });
  const subscriptions = useWatch({ control, name: 'subscriptions' });
  const teamEmails = useMemo(
    () => new Set(settings.teamMembers.map((member) => member.email)),
    [settings.teamMembers],
  );
  const on = useMemo(
    () => new Set(subscriptions.map((cell) => `${cell.event} ${cell.email}`)),
    [subscriptions],
  );

  const change = (next: MatrixValues) => {
    setValue('extraAddresses', next.extraAddresses, { shouldDirty: true });
    setValue('subscriptions', next.subscriptions, { shouldDirty: true });
  };

  return (
    <SettingsFormFrame settings={form} submitLabel={t('save')}>
      <Stack gap="lg">
        <NotificationMatrix
          events={settings.events}
          recipients={recipientsOf(settings, extraAddresses)}
          isOn={(event, email) => on.has(`${event} ${email}`)}
          onToggle={(event, email, checked) => {
            change(withCell(getValues(), event, email, checked));
          }}
          lockedEvents={settings.settlementSummaryEditable ? undefined : SUMMARY_LOCKED}
          onTest={async (event) => {
            const { queued } = await sendTest.mutateAsync(event);
            showAlert({
              type: 'Success',
              message: { key: 'notifications:test.sent', values: { count: queued } },
            });
          }}
        />
        <Text size="sm">
          {settings.settlementSummaryEditable ? t('test.note') : `${t('test.note')} ${t('summaryLocked')}`}
        </Text>
        <ExtraAddresses
          addresses={extraAddresses}
          teamEmails={teamEmails}
          onAdd={(email) => {
            const current = getValues();
            change(canonical({ ...current, extraAddresses: [...current.extraAddresses, email] }));
          }}
          onRemove={(email) => {
            change(withoutAddress(getValues(), email));
          }}
        />
      </Stack>
    </SettingsFormFrame>
  );
}
