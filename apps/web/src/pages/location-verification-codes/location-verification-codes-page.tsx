import { Stack, Text } from '@mantine/core';
import type { GeneratedCode, LocationCode } from '@portal/contracts/location-verification-codes';
import { SCOPES, hasScope } from '@portal/contracts/scopes';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/data-table';
import { ErrorMessageBox } from '../../components/error-message-box';
import { LoadingPage } from '../../components/loading-page';
import { PageTitle } from '../../components/page-title';
import { useCurrentMerchant } from '../../features/merchants/api/current-merchant';
import { useGenerateLocationCode } from '../../features/location-verification-codes/api/generate-location-code';
import { useLocationCodes } from '../../features/location-verification-codes/api/location-codes';
import { CodeDialog } from '../../features/location-verification-codes/components/code-dialog';
import { locationCodeColumns } from '../../features/location-verification-codes/components/location-code-columns';
import { RevokeCodeDialog } from '../../features/location-verification-codes/components/revoke-code-dialog';
import { useAuth } from '../../lib/auth/auth-context';
import { useFormatters } from '../../lib/format/use-formatters';
import { currentMerchantId } from '../../lib/merchant-selection/merchant-selection';

const NO_SORT = { id: '', order: 'desc' } as const;
const ignoreSort = () => undefined;
const getRowId = (row: LocationCode) => row.locationId;

interface LocationCodesProps {
  readonly merchantId: string;
  readonly timeZone: string;
  readonly canChange: boolean;
}

/** Each store's six-digit code, which its in-store device checks (generate, regenerate, revoke). */
function LocationCodes({ merchantId, timeZone, canChange }: LocationCodesProps) {
  const { t } = useTranslation('locationCodes');
  const format = useFormatters(timeZone);
  const locations = useLocationCodes(merchantId);
  const { mutateAsync: generate } = useGenerateLocationCode(merchantId);
  const [revoking, setRevoking] = useState<LocationCode>();
  const [shown, setShown] = useState<GeneratedCode>();

  const columns = useMemo(
    () =>
      locationCodeColumns({
        t,
        format,
        canChange,
        onGenerate: async (row) => {
          setShown(
            await generate({
              locationId: row.locationId,
              regenerate: row.code?.status === 'ACTIVE',
            }),
          );
        },
        onRevoke: setRevoking,
      }),
    [t, format, canChange, generate],
  );
  const preferences = useMemo(
    () => ({ order: columns.map((column) => column.id), hidden: new Set<string>() }),
    [columns],
  );

  return (
    <Stack gap="lg">
      <PageTitle page="locationVerificationCodes" />
      <Stack gap={4} maw={720}>
        <Text>{t('intro')}</Text>
        <Text size="sm" c="dark.4">
          {t('usage')}
        </Text>
      </Stack>
      <DataTable
        label={t('list.label')}
        columns={columns}
        preferences={preferences}
        rows={locations.data}
        status={locations.isError ? 'error' : locations.data ? 'success' : 'pending'}
        error={locations.error}
        onRetry={() => void locations.refetch()}
        getRowId={getRowId}
        sort={NO_SORT}
        onSortChange={ignoreSort}
        empty={t('list.empty')}
        skeletonRows={3}
        focusableFrame
      />
      {revoking && (
        <RevokeCodeDialog
          merchantId={merchantId}
          location={revoking}
          onClose={() => {
            setRevoking(undefined);
          }}
        />
      )}
      {shown && (
        <CodeDialog
          locationName={shown.location.name}
          code={shown.code}
          expiresAt={shown.location.code ? format.dateTime(shown.location.code.expiresAt) : ''}
          onClose={() => {
            setShown(undefined);
          }}
        />
      )}
    </Stack>
  );
}

function LocationCodesForMerchant({ merchantId, canChange }: Omit<LocationCodesProps, 'timeZone'>) {
  const merchant = useCurrentMerchant(merchantId);
  if (merchant.isError) {
    return <ErrorMessageBox error={merchant.error} onRetry={() => void merchant.refetch()} />;
  }
  if (merchant.data === undefined) return <LoadingPage />;
  return <LocationCodes merchantId={merchantId} timeZone={merchant.data.timeZone} canChange={canChange} />;
}

export function Component() {
  const { claims } = useAuth();
  const merchantId = claims ? currentMerchantId(claims) : null;
  // The signed-in shell renders pages only with a token for a chosen merchant.
  if (!claims || merchantId === null) return null;
  return (
    <LocationCodesForMerchant
      key={merchantId}
      merchantId={merchantId}
      canChange={hasScope(claims.scp, SCOPES.merchantSettingsEdit)}
    />
  );
}
