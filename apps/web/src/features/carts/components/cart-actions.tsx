import { Button, Group, Modal, Text } from '@mantine/core';
import { isOpenCartStatus, type CartAction } from '@portal/contracts/carts';
import { SCOPES, hasScope } from '@portal/contracts/scopes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingButton } from '../../../components/pending-button';
import { showAlert } from '../../../lib/alerts/alert-store';
import { track } from '../../../lib/analytics/analytics';
import { useCartAction } from '../api/carts-api';
import type { CartDetailAnswer } from '../api/cart-schemas';

const ACTION_EVENTS = {
  notify: 'cart_notified',
  resend: 'cart_email_resent',
  expire: 'cart_expired',
} as const;
const ACTION_ALERTS = { notify: 'notified', resend: 'resent', expire: 'expired' } as const;

export interface CartActionsProps {
  readonly merchantId: string;
  readonly cart: CartDetailAnswer;
  readonly scopes: readonly string[];
  readonly onEdit: () => void;
}

/**
 * Notify, resend, expire (confirmed), copy link and edit: each an analytics event and an alert. While
 * one runs, it cannot be sent again and the others wait (PendingButton).
 */
export function CartActions({ merchantId, cart, scopes, onEdit }: CartActionsProps) {
  const { t } = useTranslation('carts');
  const action = useCartAction(merchantId);
  const [confirming, setConfirming] = useState(false);
  const open = isOpenCartStatus(cart.status);
  const canUpdate = hasScope(scopes, SCOPES.cartUpdate);

  const run = async (name: CartAction) => {
    try {
      await action.mutateAsync({ id: cart.id, action: name });
      track(ACTION_EVENTS[name]);
      showAlert({
        type: 'Success',
        message: { key: `carts:alerts.${ACTION_ALERTS[name]}`, values: { email: cart.shopper.email } },
      });
    } finally {
      setConfirming(false);
    }
  };

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(cart.checkoutUrl);
      track('cart_link_copied');
      showAlert({ type: 'Success', message: { key: 'carts:alerts.linkCopied' } });
    } catch {
      showAlert({ type: 'Error', message: { key: 'carts:alerts.copyFailed' } });
    }
  };

  return (
    <Group gap="sm">
      {open && canUpdate && (
        <>
          <PendingButton
            disabled={action.isPending}
            onClick={() => run(cart.status === 'ACTIVE' ? 'notify' : 'resend')}
          >
            {t(cart.status === 'ACTIVE' ? 'actions.notify' : 'actions.resend')}
          </PendingButton>
          <Button variant="default" disabled={action.isPending} onClick={onEdit}>
            {t('view.edit')}
          </Button>
          <Button
            variant="outline"
            color="red.8"
            disabled={action.isPending}
            onClick={() => {
              setConfirming(true);
            }}
          >
            {t('actions.expire')}
          </Button>
        </>
      )}
      {open && (
        <Button variant="light" onClick={() => void copyLink()}>
          {t('actions.copyLink')}
        </Button>
      )}
      <Modal
        opened={confirming}
        onClose={() => {
          setConfirming(false);
        }}
        title={t('actions.expireTitle')}
        closeButtonProps={{ 'aria-label': t('actions.close') }}
      >
        <Text mb="md">{t('actions.expireBody')}</Text>
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              setConfirming(false);
            }}
          >
            {t('actions.keep')}
          </Button>
          <PendingButton color="red.8" onClick={() => run('expire')}>
            {t('actions.expireConfirm')}
          </PendingButton>
        </Group>
      </Modal>
    </Group>
  );
}
