import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Enrollment } from '@portal/contracts/payment-products';
import { useTranslation } from 'react-i18next';
import { PendingButton } from '../../../components/pending-button';
import { showAlert } from '../../../lib/alerts/alert-store';
import { useEndEnrollment } from '../api/enrollment-changes';

interface EndEnrollmentDialogProps {
  readonly merchantId: string;
  readonly enrollment: Enrollment;
  readonly productName: string;
  readonly onClose: () => void;
}

/** Asks before ending: an active enrollment ends now and stays as history; a scheduled one is removed. */
export function EndEnrollmentDialog({
  merchantId,
  enrollment,
  productName,
  onClose,
}: EndEnrollmentDialogProps) {
  const { t } = useTranslation('paymentProducts');
  const mutation = useEndEnrollment(merchantId);
  const scheduled = enrollment.status === 'SCHEDULED';
  const end = async () => {
    await mutation.mutateAsync(enrollment.id);
    showAlert({
      type: 'Success',
      message: { key: 'paymentProducts:end.done', values: { name: productName } },
    });
    onClose();
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('end.title', { name: productName })}
      size="md"
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t(scheduled ? 'end.textScheduled' : 'end.textActive')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('dialog.cancel')}
          </Button>
          <PendingButton color="red.8" onClick={end}>
            {t('end.submit')}
          </PendingButton>
        </Group>
      </Stack>
    </Modal>
  );
}
