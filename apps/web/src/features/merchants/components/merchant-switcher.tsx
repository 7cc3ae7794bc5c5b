import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingStore, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useChooseMerchant } from '../use-choose-merchant';
import { MerchantChooser } from './merchant-chooser';

export interface MerchantSwitcherProps {
  readonly merchantId: string;
  /** Null while the current merchant's name loads. */
  readonly merchantName: string | null;
}

/** The header's merchant switcher, for provider staff only (an assigned merchant cannot switch). */
export function MerchantSwitcher({ merchantId, merchantName }: MerchantSwitcherProps) {
  const { t } = useTranslation('session');
  const [opened, { open, close }] = useDisclosure();
  const { choose, pendingId } = useChooseMerchant();
  const name = merchantName ?? t('merchants.loadingName');
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconBuildingStore size={18} aria-hidden="true" />}
        rightSection={<IconSelector size={16} aria-hidden="true" />}
        aria-label={t('merchants.switchLabel', { merchant: name })}
        aria-haspopup="dialog"
        onClick={open}
        maw={260}
      >
        {name}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('merchants.switchTitle')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('merchants.switchClose') }}
      >
        <MerchantChooser
          currentMerchantId={merchantId}
          pendingId={pendingId}
          onChoose={(merchant) => {
            void choose(merchant).then((outcome) => {
              if (outcome === 'changed' || outcome === 'unchanged') close();
            });
          }}
        />
      </Modal>
    </>
  );
}
