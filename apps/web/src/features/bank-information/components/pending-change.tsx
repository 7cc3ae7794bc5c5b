import { Alert, Group, Text } from '@mantine/core';
import type { BankInformation } from '@portal/contracts/bank-information';
import { useTranslation } from 'react-i18next';
import { PendingButton } from '../../../components/pending-button';
import { showAlert } from '../../../lib/alerts/alert-store';
import { useCancelBankChange, useConfirmBankChange } from '../api/bank-changes';
import { AccountCard } from './account-card';

interface PendingChangeProps {
  readonly merchantId: string;
  readonly page: BankInformation & { readonly pending: NonNullable<BankInformation['pending']> };
  readonly canEdit: boolean;
  /** The key of the e-mailed link the page was opened with, when it is this request's. */
  readonly linkToken: string | undefined;
}

/**
 * The change waiting for its confirmation: another administrator confirms it here; its requester does
 * through the e-mailed link (which opens this page with its key). Either may cancel it.
 */
export function PendingChange({ merchantId, page, canEdit, linkToken }: PendingChangeProps) {
  const { t } = useTranslation('bankInformation');
  const confirm = useConfirmBankChange(merchantId);
  const cancel = useCancelBankChange(merchantId);
  const { pending } = page;
  const expired = pending.status === 'EXPIRED';
  const confirmChange = async () => {
    await confirm.mutateAsync({
      requestId: pending.id,
      ...(linkToken === undefined ? {} : { token: linkToken }),
    });
    showAlert({
      type: 'Success',
      message: { key: 'bankInformation:confirmed', values: { last4: pending.accountLast4 } },
    });
  };
  const cancelChange = async () => {
    await cancel.mutateAsync(pending.id);
    showAlert({ type: 'Success', message: { key: 'bankInformation:cancelled' } });
  };
  const canConfirm = canEdit && !expired && (!page.pendingIsMine || linkToken !== undefined);
  return (
    <AccountCard title={t('pending.title')} account={pending} timeZone={page.cutoff.timeZone}>
      <Text size="sm">{expired ? t('pending.expired') : t('pending.text')}</Text>
      {canEdit && !expired && page.pendingIsMine && linkToken === undefined && (
        <Alert color="blue" variant="light">
          {t('pending.mine')}
        </Alert>
      )}
      {canEdit && !expired && (
        <Group>
          {canConfirm && (
            <PendingButton onClick={confirmChange}>
              {linkToken === undefined ? t('pending.confirm') : t('pending.confirmWithLink')}
            </PendingButton>
          )}
          <PendingButton variant="default" onClick={cancelChange}>
            {t('pending.cancel')}
          </PendingButton>
        </Group>
      )}
    </AccountCard>
  );
}
