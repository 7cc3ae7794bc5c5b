import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { remainingAmounts, type TransactionAction } from '@portal/contracts/transactions';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { showAlert } from '../../../lib/alerts/alert-store';
import { MoneyField } from '../../../lib/forms/choice-fields';
import { formResolver } from '../../../lib/forms/form-resolver';
import { messageWithValues } from '../../../lib/forms/validation-messages';
import { ApiError } from '../../../lib/http/api-error';
import { useErrorText } from '../../../lib/http/refusal-text';
import { isAmountRefusal, useTransactionAction } from '../api/transaction-action';
import type { TransactionDetailAnswer } from '../api/transaction-schemas';
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

/** The amount of an action, in minor units: more than zero and no more than is left. */
function actionAmountSchema(left: number, leftText: string) {
  return z.object({
    amount: z
      .number('transactions:actions.errors.required')
      .positive('transactions:actions.errors.positive')
      .max(left, messageWithValues('transactions:actions.errors.tooMuch', { amount: leftText })),
  });
}

/** Step one: the amount, the whole rest unless changed. Step two: the amount confirmed, then sent. */
function ActionForm({ action, transaction, merchantId, format, onClose }: ActionFormProps) {
  const { t } = useTranslation('transactions');
  const { currency } = transaction.total;
  const left = actionRemaining(transaction)[action];
  const money = (value: number) => format.money({ currency, value });
  const form = useForm({
    resolver: formResolver(actionAmountSchema(left, money(left))),
    defaultValues: { amount: left },
  });
  // Made when the amount is confirmed: sending the same confirmation again (after a network failure)
  // reuses it, so the server acts at most once.
  const [confirmed, setConfirmed] = useState<{ amount: number; idempotencyKey: string } | null>(null);
  const mutation = useTransactionAction(merchantId);
  const errorText = useErrorText();
  const confirmButton = useRef<HTMLButtonElement>(null);
  const reviewed = useRef(false);
  const { setFocus } = form;
  // Each step takes focus as it replaces the other: the confirmation (so Enter confirms), or the amount
  // again after Back. Otherwise focus fell to the page behind the dialog with the step it was in.
  useEffect(() => {
    if (confirmed !== null) {
      reviewed.current = true;
      confirmButton.current?.focus();
    } else if (reviewed.current) {
      setFocus('amount');
    }
  }, [confirmed, setFocus]);

  const review = form.handleSubmit(({ amount }) => {
    setConfirmed({ amount, idempotencyKey: crypto.randomUUID() });
  });

  const confirm = () => {
    if (confirmed === null) return;
    const { amount, idempotencyKey } = confirmed;
    mutation.mutate(
      { id: transaction.id, action, amount: { currency, value: amount }, idempotencyKey },
      {
        onSuccess: () => {
          showAlert({
            type: 'Success',
            message: { key: `transactions:actions.done.${action}`, values: { amount: money(amount) } },
          });
          onClose();
        },
        onError: (error) => {
          if (isAmountRefusal(error)) {
            // Back to the amount, with the server's reason beside it; a new review makes a new key.
            setConfirmed(null);
            form.setError('amount', { type: 'server', message: errorText(error) ?? error.message });
          } else if (error instanceof ApiError && (error.status === 409 || error.status === 422)) {
            // Refused for another reason (the error alert says which): the drawer shows it as it is now.
            onClose();
          }
        },
      },
    );
  };

  if (confirmed !== null) {
    const amount = money(confirmed.amount);
    return (
      <Stack gap="md">
        <Text fw={600}>{t(`actions.confirmQuestion.${action}`, { amount, id: transaction.id })}</Text>
        <Text size="sm">{t(`actions.confirmNote.${action}`)}</Text>
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            disabled={mutation.isPending}
            onClick={() => {
              setConfirmed(null);
            }}
          >
            {t('actions.back')}
          </Button>
          <Button
            ref={confirmButton}
            color={action === 'settle' ? undefined : 'red'}
            loading={mutation.isPending}
            onClick={confirm}
          >
            {t(`actions.confirm.${action}`, { amount })}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void review(event)}>
      <Stack gap="md">
        <MoneyField
          control={form.control}
          name="amount"
          label={t(`actions.amount.${action}`)}
          description={t('actions.upTo', { amount: money(left) })}
          // The theme's dimmed grey is too faint on white for text that has to be read (WCAG AA).
          descriptionProps={{ c: 'dark.4' }}
          rightSection={
            <Text size="xs" c="dark.4" aria-hidden="true">
              {currency}
            </Text>
          }
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
