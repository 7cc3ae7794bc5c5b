import { ActionIcon, Badge, Menu, Stack, Text, type MantineColor } from '@mantine/core';
import type { UserStatus } from '@portal/contracts/enums';
import { IconDots } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { DataColumn } from '../../../components/data-table/data-table';
import type { UserAnswer } from '../api/users-api';

export const USER_COLUMN_IDS = ['name', 'role', 'status', 'invitedAt', 'lastSignInAt', 'actions'] as const;
type UserColumnId = (typeof USER_COLUMN_IDS)[number];

/** The key under which the column choice is remembered (`portal.columns.users`). */
export const USER_COLUMNS_LIST = 'users';

const STATUS_COLORS: Readonly<Record<UserStatus, MantineColor>> = {
  INVITED: 'blue',
  ACTIVE: 'green',
  DISABLED: 'gray',
};

export type UserAction = 'role' | 'resend' | 'remove';

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
  if (onAction === null || user.status === 'DISABLED' || user.id === selfId) return null;
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
      </Menu.Dropdown>
    </Menu>
  );
}

/** The user list's columns (issue 6): name with e-mail, role, status, invited at, last sign-in, actions. */
export function userColumns(options: UserColumnsOptions): DataColumn<UserAnswer>[] {
  const { t, dateTime } = options;
  const date = (value: Date | null) => (value === null ? t('list.never') : dateTime(value));
  const cells: Record<UserColumnId, Omit<DataColumn<UserAnswer>, 'id' | 'header'>> = {
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
      cell: (row) => (
        <Badge variant="dot" color={STATUS_COLORS[row.status]} tt="none" fw={600} c="dark.7">
          {t(`status.${row.status}`)}
        </Badge>
      ),
    },
    invitedAt: { sortable: true, cell: (row) => date(row.invitedAt) },
    lastSignInAt: { sortable: true, cell: (row) => date(row.lastSignInAt) },
    actions: { align: 'end', cell: (row) => <RowActions user={row} options={options} /> },
  };
  return USER_COLUMN_IDS.map((id) => ({ id, header: t(`columns.${id}`), ...cells[id] }));
}
