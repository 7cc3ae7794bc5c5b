import { Alert, Button, Group, Loader, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import type { FakeUser } from '@portal/contracts/fake-auth';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessageBox } from '../../components/error-message-box';
import { useAuth } from '../../lib/auth/auth-context';
import { fakeUsersQueryOptions } from '../../lib/auth/fake-auth-api';

// Mantine's dimmed grey is too light on white for the contrast that small text needs (WCAG AA).
const READABLE_GRAY = 'gray.7';

function matches(user: FakeUser, query: string, t: TFunction<'auth'>): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return [user.email, user.name, user.role, t(`roles.${user.role}`), user.merchant?.name ?? '']
    .join('\n')
    .toLocaleLowerCase()
    .includes(needle);
}

interface UserTableProps {
  readonly users: readonly FakeUser[];
  readonly signingInAs: string | null;
  readonly onSignIn: (email: string) => void;
}

function UserTable({ users, signingInAs, onSignIn }: UserTableProps) {
  const { t } = useTranslation('auth');
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover>
        <Table.Caption c={READABLE_GRAY}>{t('fake.usersCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('fake.email')}</Table.Th>
            <Table.Th scope="col">{t('fake.name')}</Table.Th>
            <Table.Th scope="col">{t('fake.role')}</Table.Th>
            <Table.Th scope="col">{t('fake.merchant')}</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>{t('fake.action')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.email}>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>{user.name}</Table.Td>
              <Table.Td>{t(`roles.${user.role}`)}</Table.Td>
              <Table.Td>{user.merchant?.name ?? t('fake.noMerchant')}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  aria-label={t('fake.signInAs', { email: user.email })}
                  loading={signingInAs === user.email}
                  disabled={signingInAs !== null && signingInAs !== user.email}
                  onClick={() => {
                    onSignIn(user.email);
                  }}
                >
                  {t('fake.action')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Fake auth's admin page (docs/auth.md): sign in as any user of the list, without a password. The
 * server's token for that user is exchanged exactly like the identity provider's.
 */
export function FakeSignIn() {
  const { t } = useTranslation('auth');
  const { signInAsFakeUser } = useAuth();
  const users = useQuery(fakeUsersQueryOptions());
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [signingInAs, setSigningInAs] = useState<string | null>(null);

  const signIn = async (email: string) => {
    setSigningInAs(email);
    await signInAsFakeUser(email);
    setSigningInAs(null);
  };

  let list;
  if (users.isPending) {
    list = (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('common:loading')}</Text>
      </Group>
    );
  } else if (users.isError) {
    list = <ErrorMessageBox error={users.error} onRetry={() => void users.refetch()} />;
  } else if (users.data.length === 0) {
    list = <Text>{t('fake.noUsers')}</Text>;
  } else {
    const shown = users.data.filter((user) => matches(user, deferredQuery, t));
    list = (
      <Stack gap="xs">
        <Text size="sm" c="gray.7" role="status">
          {t('fake.matches', { count: shown.length })}
        </Text>
        {shown.length === 0 ? (
          <Text>{t('fake.noMatch', { query: deferredQuery.trim() })}</Text>
        ) : (
          <UserTable users={shown} signingInAs={signingInAs} onSignIn={(email) => void signIn(email)} />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light">
        {t('fake.notice')}
      </Alert>
      <TextInput
        type="search"
        label={t('fake.search')}
        description={t('fake.searchDescription')}
        descriptionProps={{ c: READABLE_GRAY }}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={query}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
        }}
        autoFocus
      />
      {list}
    </Stack>
  );
}
