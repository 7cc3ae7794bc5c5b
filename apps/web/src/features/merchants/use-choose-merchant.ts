import { useState } from 'react';
import { showErrorAlert } from '../../lib/alerts/alert-store';
import { useAuth } from '../../lib/auth/auth-context';
import { changeMerchant, type MerchantChangeOutcome } from '../../lib/merchant-selection/merchant-selection';
import type { PreviousMerchant } from '../../lib/storage/portal-storage';

export interface ChooseMerchant {
  /** Changes to the merchant; a refusal of the server is shown as the generic error alert. */
  readonly choose: (merchant: PreviousMerchant) => Promise<MerchantChangeOutcome | 'failed'>;
  /** The merchant being switched to, while the token is exchanged. */
  readonly pendingId: string | null;
}

export function useChooseMerchant(): ChooseMerchant {
  const { claims, switchMerchant } = useAuth();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const choose = async (merchant: PreviousMerchant) => {
    if (!claims) return 'failed';
    setPendingId(merchant.id);
    try {
      return await changeMerchant({ claims, merchant, switchMerchant });
    } catch (error) {
      showErrorAlert(error);
      return 'failed';
    } finally {
      setPendingId(null);
    }
  };
  return { choose, pendingId };
}
