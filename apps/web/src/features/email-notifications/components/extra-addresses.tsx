import { ActionIcon, Button, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { MAX_EXTRA_ADDRESSES } from '@portal/contracts/email-notifications';
import { emailSchema } from '@portal/contracts/email';
import { IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ExtraAddressesProps {
  readonly addresses: readonly string[];
  readonly teamEmails: ReadonlySet<string>;
  /** Absent for a reader: the list only. */
  readonly onAdd?: (email: string) => void;
  readonly onRemove?: (email: string) => void;
}

/** The addresses beyond the team that may receive notifications: each becomes a column of the matrix. */
export function ExtraAddresses({ addresses, teamEmails, onAdd, onRemove }: ExtraAddressesProps) {
  const { t } = useTranslation('notifications');
  const titleId = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  /** Why the typed address cannot be added, or null when it can. */
  const problemOf = (email: string): string | null => {
    if (teamEmails.has(email)) return t('addresses.isTeamMember');
    if (addresses.includes(email)) return t('addresses.already');
    if (addresses.length >= MAX_EXTRA_ADDRESSES)
      return t('addresses.tooMany', { count: MAX_EXTRA_ADDRESSES });
    return null;
  };

  const add = () => {
    const parsed = emailSchema.safeParse(draft);
    const refusal = parsed.success ? problemOf(parsed.data) : t('addresses.invalid');
    if (refusal !== null || !parsed.success) {
      setProblem(refusal);
      return;
    }
    onAdd?.(parsed.data);
    setDraft('');
    setProblem(null);
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('addresses.title')}
      </Title>
      {addresses.length === 0 ? (
        <Text size="sm">{t('addresses.none')}</Text>
      ) : (
        <List listStyleType="none" spacing={4}>
          {addresses.map((email) => (
            <List.Item key={email}>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {email}
                </Text>
                {onRemove === undefined ? null : (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('addresses.remove', { email })}
                    onClick={() => {
                      onRemove(email);
                    }}
                  >
                    <IconX size={16} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {onAdd === undefined ? null : (
        <Group align="flex-start" gap="xs">
          <TextInput
            label={t('addresses.new')}
            type="email"
            autoComplete="off"
            value={draft}
            error={problem}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
              setProblem(null);
            }}
            onKeyDown={(event) => {
              // Enter adds the address rather than saving the whole page.
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
            w={{ base: '100%', xs: 320 }}
          />
          <Button variant="default" mt={{ base: 0, xs: 25 }} onClick={add}>
            {t('addresses.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
