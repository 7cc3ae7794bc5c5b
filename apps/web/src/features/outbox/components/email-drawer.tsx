import { Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DetailDrawer, useDrawerSubject } from '../../../components/detail-drawer/detail-drawer';
import { DetailList } from '../../../components/detail-drawer/detail-list';
import { useEmailDetail, type EmailAnswer, type EmailDetailAnswer } from '../api/outbox-api';
import { EmailStatusBadge } from './email-status-badge';
import { LinkedText } from './linked-text';
import classes from './outbox.module.css';

function Message({
  email,
  dateTime,
}: {
  readonly email: EmailDetailAnswer;
  readonly dateTime: (date: Date, email: EmailAnswer) => string;
}) {
  const { t } = useTranslation('outbox');
  return (
    <Stack gap="md">
      <DetailList
        items={[
          [t('detail.to'), email.to],
          [t('detail.status'), <EmailStatusBadge key="status" status={email.status} />],
          // A kept message was never offered to a mail server: it has no attempts, only a reason.
          email.status === 'KEPT' ? null : [t('detail.attempts'), email.attempts],
          email.sentAt ? [t('detail.sentAt'), dateTime(email.sentAt, email)] : null,
          email.status === 'PENDING'
            ? [t('detail.nextAttemptAt'), dateTime(email.nextAttemptAt, email)]
            : null,
          email.lastError ? [t('detail.lastError'), email.lastError] : null,
        ]}
      />
      {email.status === 'KEPT' && <Text size="sm">{t('detail.kept')}</Text>}
      {email.text === null || email.html === null ? (
        <Text c="dimmed">
          {email.withheld === 'account-link' ? t('detail.withheldAccountLink') : t('detail.withheld')}
        </Text>
      ) : (
        // The text first; the HTML only when asked for (an inactive tab is not mounted).
        <Tabs defaultValue="text" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="text">{t('detail.text')}</Tabs.Tab>
            <Tabs.Tab value="html">{t('detail.html')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="text" pt="sm">
            <pre className={classes.text}>
              <LinkedText text={email.text} />
            </pre>
          </Tabs.Panel>
          <Tabs.Panel value="html" pt="sm">
            {/* No scripts, no same origin, no forms: the message is shown, never run. */}
            <iframe className={classes.html} title={t('detail.htmlFrame')} sandbox="" srcDoc={email.html} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}

export interface EmailDrawerProps {
  /** The message of the URL; undefined closes the drawer. */
  readonly emailId: string | undefined;
  readonly onClose: () => void;
  readonly dateTime: (date: Date, email: EmailAnswer) => string;
}

/** One message of the outbox over the list: its delivery, its text with clickable links, its HTML. */
export function EmailDrawer({ emailId, onClose, dateTime }: EmailDrawerProps) {
  const { t } = useTranslation('outbox');
  const shownId = useDrawerSubject(emailId);
  const detail = useEmailDetail(shownId);
  return (
    <DetailDrawer
      opened={emailId !== undefined}
      onClose={onClose}
      title={detail.data?.subject ?? t('detail.title')}
      closeLabel={t('detail.close')}
      query={detail}
    >
      {(email) => <Message email={email} dateTime={dateTime} />}
    </DetailDrawer>
  );
}
