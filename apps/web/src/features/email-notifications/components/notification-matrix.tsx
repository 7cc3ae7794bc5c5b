import { Card, Checkbox, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { NotificationEvent } from '@portal/contracts/email-notifications';
import { useTranslation } from 'react-i18next';
import { PendingButton } from '../../../components/pending-button';
import classes from './notifications.module.css';

export interface Recipient {
  readonly email: string;
  /** A team member's name; null for an added address. */
  readonly name: string | null;
}

export interface NotificationMatrixProps {
  readonly events: readonly NotificationEvent[];
  readonly recipients: readonly Recipient[];
  readonly isOn: (event: NotificationEvent, email: string) => boolean;
  /** Absent for a reader: every box is read-only. */
  readonly onToggle?: (event: NotificationEvent, email: string, on: boolean) => void;
  /** A row the user may not change (the settlement summary, for a non-administrator). */
  readonly lockedEvents?: ReadonlySet<NotificationEvent>;
  /** "Send a test" of a row; absent for a reader. */
  readonly onTest?: (event: NotificationEvent) => Promise<unknown>;
}

/**
 * Events × recipients, each cell a checkbox named "event for recipient": a table on wide screens, one
 * card per event on a phone (a table of many recipients does not fit 390 px).
 */
export function NotificationMatrix(props: NotificationMatrixProps) {
  const narrow = useMediaQuery('(max-width: 48em)');
  return narrow ? <MatrixCards {...props} /> : <MatrixTable {...props} />;
}

function useCell({ isOn, onToggle, lockedEvents }: NotificationMatrixProps) {
  const { t } = useTranslation('notifications');
  return (event: NotificationEvent, recipient: Recipient) => {
    const who = recipient.name === null ? recipient.email : `${recipient.name} (${recipient.email})`;
    return {
      'aria-label': t('cell', { event: t(`events.${event}.label`), recipient: who }),
      checked: isOn(event, recipient.email),
      disabled: onToggle === undefined || lockedEvents?.has(event) === true,
      onChange: (change: React.ChangeEvent<HTMLInputElement>) => {
        onToggle?.(event, recipient.email, change.currentTarget.checked);
      },
    };
  };
}

function TestButton({
  event,
  onTest,
}: {
  event: NotificationEvent;
  onTest: (event: NotificationEvent) => Promise<unknown>;
}) {
  const { t } = useTranslation('notifications');
  return (
    <PendingButton
      size="xs"
      variant="default"
      aria-label={t('test.label', { event: t(`events.${event}.label`) })}
      onClick={() => onTest(event)}
    >
      {t('test.button')}
    </PendingButton>
  );
}

function MatrixTable(props: NotificationMatrixProps) {
  const { t } = useTranslation('notifications');
  const cell = useCell(props);
  const { events, recipients, onTest } = props;
  return (
    <div className={classes.scroll} tabIndex={0} role="region" aria-label={t('matrix.label')}>
      <Table withTableBorder withColumnBorders captionSide="top" className={classes.matrix}>
        <Table.Caption className={classes.caption}>{t('matrix.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" className={classes.event}>
              {t('matrix.event')}
            </Table.Th>
            {recipients.map((recipient) => (
              <Table.Th scope="col" key={recipient.email} className={classes.recipient}>
                <Text size="sm" fw={600}>
                  {recipient.name ?? t('matrix.extra')}
                </Text>
                <Text size="xs">{recipient.email}</Text>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event}>
              <Table.Th scope="row" className={classes.event}>
                <Stack gap={4} align="flex-start">
                  <Text size="sm" fw={600}>
                    {t(`events.${event}.label`)}
                  </Text>
                  <Text size="xs">{t(`events.${event}.when`)}</Text>
                  {/* Beside its row's name, so that it stays in view when the recipients scroll sideways. */}
                  {onTest === undefined ? null : <TestButton event={event} onTest={onTest} />}
                </Stack>
              </Table.Th>
              {recipients.map((recipient) => (
                <Table.Td key={recipient.email} className={classes.cell}>
                  <Checkbox {...cell(event, recipient)} className={classes.checkbox} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function MatrixCards(props: NotificationMatrixProps) {
  const { t } = useTranslation('notifications');
  const cell = useCell(props);
  const { events, recipients, onTest } = props;
  return (
    <Stack gap="sm" role="list" aria-label={t('matrix.label')}>
      {events.map((event) => (
        <Card withBorder key={event} role="listitem" padding="sm">
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t(`events.${event}.label`)}
            </Title>
            <Text size="xs">{t(`events.${event}.when`)}</Text>
            {recipients.map((recipient) => (
              <Checkbox
                key={recipient.email}
                {...cell(event, recipient)}
                label={recipient.name ?? recipient.email}
                classNames={{ label: classes.breakable }}
              />
            ))}
            {onTest === undefined ? null : (
              <Group>
                <TestButton event={event} onTest={onTest} />
              </Group>
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
