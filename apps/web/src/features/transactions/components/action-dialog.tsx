import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { remainingAmounts, type TransactionAction } from '@portal/contracts/transactions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert, showErrorAlert } from '../../../lib/alerts/alert-store';
import { ApiError } from '../../../lib/http/api-error';
import { useTransactionAction } from '../api/transaction-action';
import type { TransactionDetailAnswer } from '../api/transaction-schemas';
import { toMajorUnits, toMinorUnits } from '@portal/contracts/money';
import type { Formatters } from '../../../lib/format/use-formatters';

/** What each action can still take now, in minor units (the contracts' state machine). */
export function actionRemaining(transaction: TransactionDetailAnswer): Record<TransactionAction, number> {
  return remainingAmounts({
    status: transaction.status,
    total: transaction.total.value,
    settled: transaction.settled.value,
    refunded: transaction.refunded.value,
    cancelled: transaction.cancelled.value,
    expiresAt: transaction.expiresAt.toISOString(),
  });
}

interface ActionFormProps {
  readonly action: TransactionAction;
  readonly transaction: TransactionDetailAnswer;
  readonly merchantId: string;
  readonly format: Formatters;
  readonly onClose: () => void;
}

/** Step one: the amount, the whole rest unless changed. Step two: the amount confirmed, then sent. */
function ActionForm({ action, transaction, merchantId, format, onClose }: ActionFormProps) {
  const { t } = useTranslation('transactions');
  const { currency } = transaction.total;
  const left = actionRemaining(transaction)[action];
  const [amount, setAmount] = useState<number | string>(toMajorUnits(left));
  const [fieldError, setFieldError] = useState<string | undefined>();
  // Made when the amount is confirmed: sending the same confirmation again (after a network failure)
  // reuses it, so the server acts at most once.
  const [idempotencyKey, setIdempotencyKey] = useState<string | null>(null);
  const mutation = useTransactionAction(merchantId);

  const money = (value: number) => format.money({ currency, value });
  const minor = typeof amount === 'number' ? toMinorUnits(amount) : null;

  const review = () => {
    if (minor === null) setFieldError(t('actions.errors.required'));
    else if (minor <= 0) setFieldError(t('actions.errors.positive'));
    else if (minor > left) setFieldError(t('actions.errors.tooMuch', { amount: money(left) }));
    else {
      setFieldError(undefined);
      setIdempotencyKey(crypto.randomUUID());
    }
  };

  const confirm = () => {
    if (idempotencyKey === null || minor === null) return;
    mutation.mutate(
      { id: transaction.id, action, amount: { currency, value: minor }, idempotencyKey },
      {
        onSuccess: () => {
          showAlert({
            type: 'Success',
            message: { key: `transactions:actions.done.${action}`, values: { amount: money(minor) } },
          });
          onClose();
        },
        onError: (error) => {
          const refused = error instanceof ApiError && (error.status === 409 || error.status === 422);
          if (refused && error.details.some((detail) => detail.path.startsWith('body.amount'))) {
            // Back to the amount, with the server's reason beside it; a new review makes a new key.
            setIdempotencyKey(null);
            setFieldError(error.message);
            return;
          }
          showErrorAlert(error);
          if (refused) onClose();
        },
      },
    );
  };

  if (idempotencyKey !== null && minor !== null) {
    return (
      <Stack gap="md">
        <Text fw={600}>
          {t(`actions.confirmQuestion.${action}`, { amount: money(minor), id: transaction.id })}
        </Text>
        <Text size="sm">{t(`actions.confirmNote.${action}`)}</Text>
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            disabled={mutation.isPending}
            onClick={() => {
              setIdempotencyKey(null);
            }}
          >
            {t('actions.back')}
          </Button>
          <Button
            color={action === 'settle' ? undefined : 'red'}
            loading={mutation.isPending}
            onClick={confirm}
            data-autofocus
          >
            {t(`actions.confirm.${action}`, { amount: money(minor) })}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        review();
      }}
    >
      <Stack gap="md">
        <NumberInput
          label={t(`actions.amount.${action}`)}
          description={t('actions.upTo', { amount: money(left) })}
          // The theme's dimmed grey is too faint on white for text that has to be read (WCAG AA).
          descriptionProps={{ c: 'dark.4' }}
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setFieldError(undefined);
          }}
          min={0}
          decimalScale={2}
          fixedDecimalScale
          thousandSeparator
          hideControls
          rightSection={
            <Text size="xs" c="dark.4" aria-hidden="true">
              {currency}
            </Text>
          }
          error={fieldError}
          required
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('actions.close')}
          </Button>
          <Button type="submit">{t('actions.review')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface ActionDialogProps extends Omit<ActionFormProps, 'action'> {
  /** The action being taken; null while the dialog is closed (the last one stays for the exit). */
  readonly action: TransactionAction | null;
  readonly opened: boolean;
}

/** The confirmation of a settle, cancel or refund, full or partial, showing the amount before it is sent. */
export function ActionDialog({ action, opened, onClose, ...form }: ActionDialogProps) {
  const { t } = useTranslation('transactions');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={action ? t(`actions.dialog.${action}`) : ''}
      closeButtonProps={{ 'aria-label': t('actions.closeDialog') }}
      centered
    >
      {action && <ActionForm key={action} action={action} onClose={onClose} {...form} />}
    </Modal>
  );
}
