import { Button, Group, Stack, Text } from '@mantine/core';
import type { AccessKey, AccessKeyWithSecret } from '@portal/contracts/access-keys';
import { SCOPES, hasScope } from '@portal/contracts/scopes';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/data-table';
import { ErrorMessageBox } from '../../components/error-message-box';
import { LoadingPage } from '../../components/loading-page';
import { PageTitle } from '../../components/page-title';
import { useAccessKeys } from '../../features/access-keys/api/access-keys';
import { accessKeyColumns } from '../../features/access-keys/components/access-key-columns';
import { CreateKeyDialog } from '../../features/access-keys/components/create-key-dialog';
import { RevokeDialog } from '../../features/access-keys/components/revoke-dialog';
import { RotateDialog } from '../../features/access-keys/components/rotate-dialog';
import { SecretDialog } from '../../features/access-keys/components/secret-dialog';
import { useCurrentMerchant } from '../../features/merchants/api/current-merchant';
import { useAuth } from '../../lib/auth/auth-context';
import { useFormatters } from '../../lib/format/use-formatters';
import { currentMerchantId } from '../../lib/merchant-selection/merchant-selection';

const NO_SORT = { id: '', order: 'desc' } as const;
const ignoreSort = () => undefined;
const getRowId = (key: AccessKey) => key.id;

interface AccessKeysProps {
  readonly merchantId: string;
  readonly timeZone: string;
  readonly canChange: boolean;
}

/** The keys with which the merchant's own servers call the merchant API (issue 14). */
function AccessKeys({ merchantId, timeZone, canChange }: AccessKeysProps) {
  const { t } = useTranslation('accessKeys');
  const format = useFormatters(timeZone);
  const keys = useAccessKeys(merchantId);
  const [creating, setCreating] = useState(false);
  const [rotating, setRotating] = useState<AccessKey>();
  const [revoking, setRevoking] = useState<AccessKey>();
  const [shown, setShown] = useState<AccessKeyWithSecret>();

  const columns = useMemo(
    () => accessKeyColumns({ t, format, canChange, onRotate: setRotating, onRevoke: setRevoking }),
    [t, format, canChange],
  );
  const preferences = useMemo(
    () => ({ order: columns.map((column) => column.id), hidden: new Set<string>() }),
    [columns],
  );

  return (
    <Stack gap="lg">
      <PageTitle page="accessKeys" />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4} maw={720}>
          <Text>{t('intro')}</Text>
          <Text size="sm" c="dark.4">
            {t('usage')}
          </Text>
        </Stack>
        {canChange && (
          <Button
            onClick={() => {
              setCreating(true);
            }}
          >
            {t('create.button')}
          </Button>
        )}
      </Group>
      <DataTable
        label={t('list.label')}
        columns={columns}
        preferences={preferences}
        rows={keys.data}
        status={keys.isError ? 'error' : keys.data ? 'success' : 'pending'}
        error={keys.error}
        onRetry={() => void keys.refetch()}
        getRowId={getRowId}
        sort={NO_SORT}
        onSortChange={ignoreSort}
        empty={t('list.empty')}
        skeletonRows={3}
        focusableFrame
      />
      {canChange && (
        <CreateKeyDialog
          merchantId={merchantId}
          opened={creating}
          onClose={() => {
            setCreating(false);
          }}
          onCreated={(created) => {
            setCreating(false);
            setShown(created);
          }}
        />
      )}
      {rotating && (
        <RotateDialog
          merchantId={merchantId}
          accessKey={rotating}
          onClose={() => {
            setRotating(undefined);
          }}
          onRotated={(rotated) => {
            setRotating(undefined);
            setShown(rotated);
          }}
        />
      )}
      {revoking && (
        <RevokeDialog
          merchantId={merchantId}
          accessKey={revoking}
          onClose={() => {
            setRevoking(undefined);
          }}
        />
      )}
      {shown && (
        <SecretDialog
          keyName={shown.key.name}
          secret={shown.secret}
          onClose={() => {
            setShown(undefined);
          }}
        />
      )}
    </Stack>
  );
}

function AccessKeysForMerchant({ merchantId, canChange }: Omit<AccessKeysProps, 'timeZone'>) {
  const merchant = useCurrentMerchant(merchantId);
  if (merchant.isError) {
    return <ErrorMessageBox error={merchant.error} onRetry={() => void merchant.refetch()} />;
  }
  if (merchant.data === undefined) return <LoadingPage />;
  return <AccessKeys merchantId={merchantId} timeZone={merchant.data.timeZone} canChange={canChange} />;
}

export function Component() {
  const { claims } = useAuth();
  const merchantId = claims ? currentMerchantId(claims) : null;
  // The signed-in shell renders pages only with a token for a chosen merchant.
  if (!claims || merchantId === null) return null;
  return (
    <AccessKeysForMerchant
      key={merchantId}
      merchantId={merchantId}
      canChange={hasScope(claims.scp, SCOPES.apiKeysWrite)}
    />
  );
}
