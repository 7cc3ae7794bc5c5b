import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import {
  ROTATION_OVERLAPS,
  type AccessKey,
  type AccessKeyWithSecret,
  type RotationOverlap,
} from '@portal/contracts/access-keys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingButton } from '../../../components/pending-button';
import { useRotateAccessKey } from '../api/rotate-access-key';

interface RotateDialogProps {
  readonly merchantId: string;
  readonly accessKey: AccessKey;
  readonly onClose: () => void;
  /** The new secret, for the one-time secret dialog. */
  readonly onRotated: (rotated: AccessKeyWithSecret) => void;
}

/** Rotates a key: a new secret now, the old one kept for the chosen overlap while servers switch. */
export function RotateDialog({ merchantId, accessKey, onClose, onRotated }: RotateDialogProps) {
  const { t } = useTranslation('accessKeys');
  const mutation = useRotateAccessKey(merchantId);
  const [overlap, setOverlap] = useState<RotationOverlap>('ONE_DAY');
  const rotate = async () => {
    onRotated(await mutation.mutateAsync({ keyId: accessKey.id, overlap }));
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('rotate.title', { name: accessKey.name })}
      size="md"
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('rotate.text')}</Text>
        <Radio.Group
          label={t('rotate.overlap')}
          value={overlap}
          onChange={(value) => {
            const chosen = ROTATION_OVERLAPS.find((option) => option === value);
            if (chosen !== undefined) setOverlap(chosen);
          }}
        >
          <Stack gap="xs" mt="xs">
            {ROTATION_OVERLAPS.map((option) => (
              <Radio key={option} value={option} label={t(`rotate.overlaps.${option}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <PendingButton onClick={rotate}>{t('rotate.submit')}</PendingButton>
        </Group>
      </Stack>
    </Modal>
  );
}
