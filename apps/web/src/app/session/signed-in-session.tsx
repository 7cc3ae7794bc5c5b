import type { PortalTokenClaims } from '@portal/contracts/token';
import { useMemo } from 'react';
import { Outlet } from 'react-router';
import { ErrorMessageBox } from '../../components/error-message-box';
import { LoadingPage } from '../../components/loading-page';
import { useBulkFeatureFlags } from '../../features/feature-flags/api/bulk-feature-flags';
import { useCurrentMerchant } from '../../features/merchants/api/current-merchant';
import { MerchantChooserScreen } from '../../features/merchants/components/merchant-chooser-screen';
import { useProgramSelection } from '../../features/programs/program-selection';
import { useMerchantPrograms } from '../../features/programs/use-merchant-programs';
import { useFirstTransactionPageEarly } from '../../features/transactions/api/first-page-early';
import { AccessContextValue, buildAccessContext } from '../../lib/access/access-context';
import { useAuth } from '../../lib/auth/auth-context';
import { currentMerchantId } from '../../lib/merchant-selection/merchant-selection';
import { usePublicConfig } from '../../lib/public-config';
import { BareLayout } from '../shell/bare-layout';
import { MerchantSessionContext, type MerchantSessionValue } from './session-context';

interface MerchantSessionProps {
  readonly claims: PortalTokenClaims;
  readonly merchantId: string;
}

/**
 * Everything the guards need before a page shows (specification §2, §4): the merchant's programs
 * and the feature flags. The loading page shows until the flags are known, so that no page flashes
 * Permission Denied for a flag that was merely still loading. With every program selected (the
 * default) a page needs no program to ask for its data, so the shell does not wait for a merchant's
 * hundreds of programs: only the pages a program guards wait for them (RouteGuard), and the
 * navigation adds those when they are known. With some programs selected, the pages filter by them,
 * and everything waits.
 */
function MerchantSession({ claims, merchantId }: MerchantSessionProps) {
  const { brand } = usePublicConfig();
  // First, so that the list's request leaves before the programs' (docs/decisions/0018).
  useFirstTransactionPageEarly(merchantId);
  const programs = useMerchantPrograms(merchantId);
  const flags = useBulkFeatureFlags({ tenantId: claims.tenantID, merchantId });
  const merchant = useCurrentMerchant(merchantId);

  const [selection] = useProgramSelection(merchantId);

  const programFlags = programs.status === 'success' ? programs.flags : null;
  const access = useMemo(
    () =>
      flags.data
        ? buildAccessContext({ brand, scopes: claims.scp, programs: programFlags, flags: flags.data })
        : null,
    [brand, claims.scp, programFlags, flags.data],
  );
  const loadedPrograms = programs.status === 'success' ? programs.programs : null;
  const session = useMemo<MerchantSessionValue>(
    () => ({ claims, merchantId, merchant: merchant.data ?? null, programs: loadedPrograms }),
    [claims, merchantId, merchant.data, loadedPrograms],
  );
  const waitsForPrograms = loadedPrograms === null && !selection.allProgramsSelected;

  if (programs.status === 'error') {
    return (
      <BareLayout>
        <ErrorMessageBox error={programs.error} onRetry={programs.retry} />
      </BareLayout>
    );
  }
  if (!access || waitsForPrograms) {
    return (
      <BareLayout>
        <LoadingPage />
      </BareLayout>
    );
  }
  return (
    <MerchantSessionContext value={session}>
      <AccessContextValue value={access}>
        <Outlet />
      </AccessContextValue>
    </MerchantSessionContext>
  );
}

/**
 * Inside RequireAuth: provider staff without a merchant choose one first (every data page needs a
 * merchant); everyone else goes on to the shell with the merchant of the token.
 */
export function SignedInSession() {
  const { claims } = useAuth();
  // RequireAuth renders this only when signed in, with the claims of the token.
  if (!claims) return null;
  const merchantId = currentMerchantId(claims);
  if (merchantId === null) {
    return (
      <BareLayout>
        <MerchantChooserScreen />
      </BareLayout>
    );
  }
  return <MerchantSession claims={claims} merchantId={merchantId} />;
}
