import { ActionIcon, Menu, Stack, Text } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { columnsOf, type DataColumn } from '../../../components/data-table/data-table';
import type { UserAnswer } from '../api/users-api';
import { UserStatusBadge } from './user-status-badge';

export type UserAction = 'role' | 'resend' | 'remove' | 'restore';

export interface UserColumnsOptions {
  readonly t: TFunction<'users'>;
  /** An instant as date and time in the merchant's time zone. */
  readonly dateTime: (instant: Date) => string;
  /** Null: the viewer may not change the team, and no actions are shown. */
  readonly onAction: ((user: UserAnswer, action: UserAction) => void) | null;
  /** The signed-in user, who may neither remove nor demote themself. */
  readonly selfId: string;
}

function RowActions({ user, options }: { readonly user: UserAnswer; readonly options: UserColumnsOptions }) {
  const { t, onAction, selfId } = options;
  if (onAction === null || user.id === selfId) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('actions.menu', { name: `${user.firstName} ${user.lastName}` })}
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {user.status === 'DISABLED' ? (
          // A removed user can only be restored: its role and invitations wait until then.
          <Menu.Item
            onClick={() => {
              onAction(user, 'restore');
            }}
          >
            {t('actions.restore')}
          </Menu.Item>
        ) : (
          <>
            <Menu.Item
              onClick={() => {
                onAction(user, 'role');
              }}
            >
              {t('actions.role')}
            </Menu.Item>
            {user.status === 'INVITED' && (
              <Menu.Item
                onClick={() => {
                  onAction(user, 'resend');
                }}
              >
                {t('actions.resend')}
              </Menu.Item>
            )}
            <Menu.Item
              color="red"
              onClick={() => {
                onAction(user, 'remove');
              }}
            >
              {t('actions.remove')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The user list's columns (issue 6): name with e-mail, role, status, invited at, last sign-in, actions. */
export function userColumns(options: UserColumnsOptions): DataColumn<UserAnswer>[] {
  const { t, dateTime } = options;
  const date = (value: Date | null) => (value === null ? t('list.never') : dateTime(value));
  return columnsOf(
    {
      name: {
        sortable: true,
        cell: (row) => (
          <Stack gap={0}>
            <Text size="sm" fw={600}>{`${row.firstName} ${row.lastName}`}</Text>
            <Text size="xs" c="dark.4">
              {row.email}
            </Text>
          </Stack>
        ),
      },
      role: { sortable: true, cell: (row) => t(`role.${row.role}`) },
      status: {
        sortable: true,
        cell: (row) => <UserStatusBadge status={row.status} />,
      },
      invitedAt: { sortable: true, cell: (row) => date(row.invitedAt) },
      lastSignInAt: { sortable: true, cell: (row) => date(row.lastSignInAt) },
      actions: { align: 'end', cell: (row) => <RowActions user={row} options={options} /> },
    },
    (id) => t(`columns.${id}`),
  );
}
