import { Button, Group, Stack, Text } from '@mantine/core';
import type { MerchantId } from '@portal/contracts/merchant-ids';
import { SCOPES, hasScope } from '@portal/contracts/scopes';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/data-table';
import { ErrorMessageBox } from '../../components/error-message-box';
import { LoadingPage } from '../../components/loading-page';
import { PageTitle } from '../../components/page-title';
import { useCurrentMerchant } from '../../features/merchants/api/current-merchant';
import { useMerchantIds } from '../../features/merchant-ids/api/merchant-ids';
import { useValidateMerchantId } from '../../features/merchant-ids/api/validate-merchant-id';
import { merchantIdColumns } from '../../features/merchant-ids/components/merchant-id-columns';
import { RegisterDialog } from '../../features/merchant-ids/components/register-dialog';
import { VirtualCardPanel } from '../../features/merchant-ids/components/virtual-card-panel';
import { useAuth } from '../../lib/auth/auth-context';
import { useFormatters } from '../../lib/format/use-formatters';
import { currentMerchantId } from '../../lib/merchant-selection/merchant-selection';

const NO_SORT = { id: '', order: 'desc' } as const;
const ignoreSort = () => undefined;
const getRowId = (row: MerchantId) => row.id;

interface Abilities {
  readonly canRegister: boolean;
  readonly canValidate: boolean;
  readonly canIssue: boolean;
}

interface MerchantIdsProps extends Abilities {
  readonly merchantId: string;
  readonly timeZone: string;
}

/** The acquirer merchant ids of the merchant's stores, their validation, and its virtual card. */
function MerchantIds({ merchantId, timeZone, canRegister, canValidate, canIssue }: MerchantIdsProps) {
  const { t } = useTranslation('merchantIds');
  const format = useFormatters(timeZone);
  const overview = useMerchantIds(merchantId);
  const { mutateAsync: validate } = useValidateMerchantId(merchantId);
  const [registering, setRegistering] = useState(false);

  const columns = useMemo(
    () => merchantIdColumns({ t, format, canValidate, onValidate: (row) => validate(row.id) }),
    [t, format, canValidate, validate],
  );
  const preferences = useMemo(
    () => ({ order: columns.map((column) => column.id), hidden: new Set<string>() }),
    [columns],
  );
  const items = overview.data?.items;

  return (
    <Stack gap="lg">
      <PageTitle page="merchantIdValidation" />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text maw={720}>{t('intro')}</Text>
        {canRegister && (
          <Button
            onClick={() => {
              setRegistering(true);
            }}
          >
            {t('register.button')}
          </Button>
        )}
      </Group>
      <DataTable
        label={t('list.label')}
        columns={columns}
        preferences={preferences}
        rows={items}
        status={overview.isError ? 'error' : items ? 'success' : 'pending'}
        error={overview.error}
        onRetry={() => void overview.refetch()}
        getRowId={getRowId}
        sort={NO_SORT}
        onSortChange={ignoreSort}
        empty={t('list.empty')}
        skeletonRows={3}
        focusableFrame
      />
      {overview.data && (
        <VirtualCardPanel
          merchantId={merchantId}
          card={overview.data.virtualCard}
          format={format}
          canIssue={canIssue}
          hasValidatedId={overview.data.items.some((item) => item.status === 'VALIDATED')}
        />
      )}
      {canRegister && (
        <RegisterDialog
          merchantId={merchantId}
          opened={registering}
          onClose={() => {
            setRegistering(false);
          }}
        />
      )}
    </Stack>
  );
}

function MerchantIdsForMerchant(props: Omit<MerchantIdsProps, 'timeZone'>) {
  const merchant = useCurrentMerchant(props.merchantId);
  if (merchant.isError) {
    return <ErrorMessageBox error={merchant.error} onRetry={() => void merchant.refetch()} />;
  }
  if (merchant.data === undefined) return <LoadingPage />;
  return <MerchantIds {...props} timeZone={merchant.data.timeZone} />;
}

export function Component() {
  const { claims } = useAuth();
  const merchantId = claims ? currentMerchantId(claims) : null;
  // The signed-in shell renders pages only with a token for a chosen merchant.
  if (!claims || merchantId === null) return null;
  return (
    <MerchantIdsForMerchant
      key={merchantId}
      merchantId={merchantId}
      canRegister={hasScope(claims.scp, SCOPES.merchantSettingsEdit)}
      canValidate={hasScope(claims.scp, SCOPES.internalSettingsEdit)}
      canIssue={hasScope(claims.scp, SCOPES.virtualCardIssuance)}
    />
  );
}
