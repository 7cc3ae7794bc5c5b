import { Button, Group, Stack } from '@mantine/core';
import { SCOPES } from '@portal/contracts/scopes';
import { IconUserPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListView } from '../../components/data-table/list-view';
import { PageTitle } from '../../components/page-title';
import { useCurrentMerchant } from '../../features/merchants/api/current-merchant';
import { useFormatters } from '../../lib/format/use-formatters';
import { useResendInvitation, useUserPage, type UserAnswer } from '../../features/users/api/users-api';
import { AddUserDialog } from '../../features/users/components/add-user-dialog';
import { RemoveDialog } from '../../features/users/components/remove-dialog';
import { RestoreDialog } from '../../features/users/components/restore-dialog';
import { RoleDialog } from '../../features/users/components/role-dialog';
import { userColumns, type UserAction } from '../../features/users/components/user-columns';
import { userFilters } from '../../features/users/components/user-filters';
import { userListUrl, userPageQuery } from '../../features/users/list-params';
import { showAlert } from '../../lib/alerts/alert-store';
import { useAuth } from '../../lib/auth/auth-context';
import { isLocale } from '../../lib/i18n/language';
import { currentMerchantId } from '../../lib/merchant-selection/merchant-selection';
import { useListState } from '../../lib/url-state/list-state';

const getRowId = (row: UserAnswer) => row.id;

interface UserManagementPageProps {
  readonly merchantId: string;
  readonly selfId: string;
  readonly canWrite: boolean;
}

/**
 * The merchant's team (issue 6): search, role and status filters, sort and pages in the URL; add a
 * user, resend an invitation, change a role, remove a user and restore a removed one, for those with
 * `w:merchant.users`.
 */
function UserManagementPage({ merchantId, selfId, canWrite }: UserManagementPageProps) {
  const { t, i18n } = useTranslation('users');
  const list = useListState(userListUrl);
  const { params } = list;
  const page = useUserPage(merchantId, userPageQuery(params));
  const merchant = useCurrentMerchant(merchantId);
  const format = useFormatters(merchant.data?.timeZone ?? 'UTC');
  const resend = useResendInvitation(merchantId);
  const [adding, setAdding] = useState(false);
  const [acting, setActing] = useState<{
    user: UserAnswer;
    action: Exclude<UserAction, 'resend'>;
  } | null>(null);

  const onAction = useMemo(() => {
    if (!canWrite) return null;
    return (user: UserAnswer, action: UserAction) => {
      if (action !== 'resend') {
        setActing({ user, action });
        return;
      }
      resend.mutate(
        { id: user.id, locale: isLocale(i18n.language) ? i18n.language : 'en' },
        {
          onSuccess: () => {
            showAlert({
              type: 'Success',
              message: { key: 'users:resend.done', values: { email: user.email } },
            });
          },
        },
      );
    };
    // `resend.mutate` is stable; the whole mutation object is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [canWrite, i18n.language, resend.mutate]);
  const columns = useMemo(
    () => userColumns({ t, dateTime: format.dateTime, onAction, selfId }),
    [t, format, onAction, selfId],
  );
  const filters = useMemo(() => userFilters(t), [t]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <PageTitle page="userManagement" />
        {canWrite && (
          <Button
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={() => {
              setAdding(true);
            }}
          >
            {t('add.open')}
          </Button>
        )}
      </Group>
      <ListView
        name="users"
        list={list}
        page={page}
        columns={columns}
        filters={filters}
        getRowId={getRowId}
        label={t('list.label')}
        filterLabel={t('list.filterLabel')}
        // The team is never empty (it holds the viewer): only filters leave no one.
        empty={{ filtered: t('list.empty'), none: t('list.empty') }}
        minWidth={900}
      />
      <AddUserDialog
        merchantId={merchantId}
        opened={adding}
        onClose={() => {
          setAdding(false);
        }}
      />
      {acting?.action === 'role' && (
        <RoleDialog
          merchantId={merchantId}
          user={acting.user}
          onClose={() => {
            setActing(null);
          }}
        />
      )}
      {acting?.action === 'restore' && (
        <RestoreDialog
          merchantId={merchantId}
          user={acting.user}
          onClose={() => {
            setActing(null);
          }}
        />
      )}
      {acting?.action === 'remove' && (
        <RemoveDialog
          merchantId={merchantId}
          user={acting.user}
          onClose={() => {
            setActing(null);
          }}
        />
      )}
    </Stack>
  );
}

/** `/user-management`: the team of the token's merchant (provider staff: the merchant they chose). */
export function Component() {
  const { claims } = useAuth();
  const merchantId = claims ? currentMerchantId(claims) : null;
  if (!claims || merchantId === null) return null;
  return (
    <UserManagementPage
      key={merchantId}
      merchantId={merchantId}
      selfId={claims.uid}
      canWrite={claims.scp.includes(SCOPES.usersWrite)}
    />
  );
}
