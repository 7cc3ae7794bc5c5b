import { Loader, Stack, Text, Title } from '@mantine/core';
import { SCOPES, hasScope } from '@portal/contracts/scopes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessageBox } from '../../components/error-message-box';
import { PageTitle } from '../../components/page-title';
import { useMerchantFeatureFlags } from '../../features/internal-settings/api/merchant-feature-flags';
import { FeatureFlagsForm } from '../../features/internal-settings/components/feature-flags-form';
import { ProgramValues } from '../../features/internal-settings/components/program-values';
import { useCurrentMerchant } from '../../features/merchants/api/current-merchant';
import { useMerchantPrograms } from '../../features/programs/use-merchant-programs';
import { useAuth } from '../../lib/auth/auth-context';
import { currentMerchantId } from '../../lib/merchant-selection/merchant-selection';

function FeatureFlags({ merchantId, readOnly }: { readonly merchantId: string; readonly readOnly: boolean }) {
  const { t } = useTranslation('internalSettings');
  const flags = useMerchantFeatureFlags(merchantId);
  if (flags.isError) return <ErrorMessageBox error={flags.error} onRetry={() => void flags.refetch()} />;
  if (flags.data === undefined) return <Loader size="sm" aria-label={t('flags.loading')} />;
  return <FeatureFlagsForm merchantId={merchantId} flags={flags.data} readOnly={readOnly} />;
}

/** One part of the page under its heading and introduction. */
function Section({ part, children }: { readonly part: 'flags' | 'values'; readonly children: ReactNode }) {
  const { t } = useTranslation('internalSettings');
  const headingId = `internal-${part}`;
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={2} id={headingId}>
        {t(`${part}.title`)}
      </Title>
      <Text size="sm">{t(`${part}.intro`)}</Text>
      {children}
    </Stack>
  );
}

/**
 * `/internal-settings`, for the provider's staff: the merchant's feature flags against its tenant's,
 * and its internal values per program. Read with `r:merchant.internal_settings`, changed with
 * `u:merchant.internal_settings`.
 */
function InternalSettings({
  merchantId,
  readOnly,
}: {
  readonly merchantId: string;
  readonly readOnly: boolean;
}) {
  const { t } = useTranslation('internalSettings');
  const merchant = useCurrentMerchant(merchantId);
  // Loaded already by the signed-in shell, whose guards wait for them.
  const programs = useMerchantPrograms(merchantId);
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <PageTitle page="internalSettings" />
        <Text size="sm">{t('intro', { merchant: merchant.data?.name ?? '' })}</Text>
      </Stack>
      <Section part="flags">
        <FeatureFlags merchantId={merchantId} readOnly={readOnly} />
      </Section>
      <Section part="values">
        {programs.status === 'error' ? (
          <ErrorMessageBox error={programs.error} onRetry={programs.retry} />
        ) : programs.status === 'pending' ? (
          <Loader size="sm" aria-label={t('values.loading')} />
        ) : (
          <ProgramValues merchantId={merchantId} programs={programs.programs} readOnly={readOnly} />
        )}
      </Section>
    </Stack>
  );
}

export function Component() {
  const { claims } = useAuth();
  const merchantId = claims ? currentMerchantId(claims) : null;
  // The signed-in shell renders pages only with a token for a chosen merchant.
  if (!claims || merchantId === null) return null;
  return (
    <InternalSettings
      key={merchantId}
      merchantId={merchantId}
      readOnly={!hasScope(claims.scp, SCOPES.internalSettingsEdit)}
    />
  );
}
