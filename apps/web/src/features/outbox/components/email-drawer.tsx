import { Badge, Drawer, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import type { EmailStatus } from '@portal/contracts/emails';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessageBox } from '../../../components/error-message-box';
import { showErrorAlert } from '../../../lib/alerts/alert-store';
import { useEmailDetail, type EmailDetailAnswer } from '../api/outbox-api';
import classes from './outbox.module.css';
import { LinkedText } from './linked-text';

const STATUS_COLOURS: Readonly<Record<EmailStatus, string>> = {
  PENDING: 'yellow',
  SENT: 'green',
  KEPT: 'blue',
  FAILED: 'red',
};

export function EmailStatusBadge({ status }: { readonly status: EmailStatus }) {
  const { t } = useTranslation('outbox');
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}

function Message({
  email,
  dateTime,
}: {
  readonly email: EmailDetailAnswer;
  readonly dateTime: (date: Date) => string;
}) {
  const { t } = useTranslation('outbox');
  const facts: [string, ReactNode][] = [
    [t('detail.to'), email.to],
    [t('detail.status'), <EmailStatusBadge key="status" status={email.status} />],
    [t('detail.attempts'), email.attempts],
    ...(email.sentAt ? [[t('detail.sentAt'), dateTime(email.sentAt)] as [string, ReactNode]] : []),
    ...(email.status === 'PENDING'
      ? [[t('detail.nextAttemptAt'), dateTime(email.nextAttemptAt)] as [string, ReactNode]]
      : []),
    ...(email.lastError ? [[t('detail.lastError'), email.lastError] as [string, ReactNode]] : []),
  ];
  return (
    <Stack gap="md">
      <dl className={classes.definitions}>
        {facts.map(([term, value]) => (
          <div key={term} style={{ display: 'contents' }}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
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
  readonly dateTime: (date: Date) => string;
}

/** One message of the outbox over the list: its delivery, its text with clickable links, its HTML. */
export function EmailDrawer({ emailId, onClose, dateTime }: EmailDrawerProps) {
  const { t } = useTranslation('outbox');
  // The last one stays on screen while the drawer slides away.
  const [shownId, setShownId] = useState(emailId);
  if (emailId !== undefined && emailId !== shownId) setShownId(emailId);
  const detail = useEmailDetail(shownId);
  const { error } = detail;
  useEffect(() => {
    if (error !== null) showErrorAlert(error);
  }, [error]);

  let body: ReactNode;
  if (detail.isError) {
    body = (
      <ErrorMessageBox
        error={detail.error}
        onRetry={() => {
          void detail.refetch();
        }}
      />
    );
  } else if (detail.data) {
    body = <Message email={detail.data} dateTime={dateTime} />;
  } else {
    body = (
      <Stack gap="sm" aria-busy="true">
        {[80, 60, 90, 70].map((width) => (
          <Skeleton key={width} height={14} width={`${width}%`} />
        ))}
      </Stack>
    );
  }

  return (
    <Drawer
      opened={emailId !== undefined}
      onClose={onClose}
      position="right"
      size="xl"
      title={detail.data?.subject ?? t('detail.title')}
      closeButtonProps={{ 'aria-label': t('detail.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {body}
    </Drawer>
  );
}
