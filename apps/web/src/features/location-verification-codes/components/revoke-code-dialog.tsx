import type { LocationCode } from '@portal/contracts/location-verification-codes';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { showAlert } from '../../../lib/alerts/alert-store';
import { useRevokeLocationCode } from '../api/revoke-location-code';

interface RevokeCodeDialogProps {
  readonly merchantId: string;
  readonly location: LocationCode;
  readonly onClose: () => void;
}

/** Asks before revoking: the store's device refuses the code from its next check. */
export function RevokeCodeDialog({ merchantId, location, onClose }: RevokeCodeDialogProps) {
  const { t } = useTranslation('locationCodes');
  const { mutateAsync } = useRevokeLocationCode(merchantId);
  return (
    <ConfirmDialog
      title={t('revoke.title', { name: location.name })}
      text={t('revoke.text')}
      labels={{ confirm: t('revoke.submit'), cancel: t('dialog.cancel'), close: t('dialog.close') }}
      onConfirm={async () => {
        await mutateAsync(location.locationId);
        showAlert({
          type: 'Success',
          message: { key: 'locationCodes:revoke.done', values: { name: location.name } },
        });
        onClose();
      }}
      onClose={onClose}
    />
  );
}
