import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import {
  SUMMARY_FREQUENCIES,
  settlementSubscriptionBodySchema,
  type SettlementSubscriptionBody,
} from '@portal/contracts/settlement';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorMessageBox } from '../../../components/error-message-box';
import { PendingButton } from '../../../components/pending-button';
import { showAlert } from '../../../lib/alerts/alert-store';
import { TextField } from '../../../lib/forms/fields';
import { SelectField } from '../../../lib/forms/choice-fields';
import { formResolver } from '../../../lib/forms/form-resolver';
import { isLocale } from '../../../lib/i18n/language';
import { useAddSettlementSubscription } from '../api/add-settlement-subscription';
import { useRemoveSettlementSubscription } from '../api/remove-settlement-subscription';
import { useSettlementSubscriptions } from '../api/settlement-subscriptions';

/**
 * Who receives the daily or weekly settlement summary e-mail (ADMIN only: a recipient reads the
 * merchant's deposits like a user would). Each e-mail links to the report of its period.
 */
export function SummaryRecipients({ merchantId }: { readonly merchantId: string }) {
  const { t, i18n } = useTranslation('settlement');
  const subscriptions = useSettlementSubscriptions(merchantId);
  const add = useAddSettlementSubscription(merchantId);
  const remove = useRemoveSettlementSubscription(merchantId);
  const form = useForm<SettlementSubscriptionBody>({
    resolver: formResolver(settlementSubscriptionBodySchema),
    defaultValues: { email: '', frequency: 'WEEKLY', locale: isLocale(i18n.language) ? i18n.language : 'en' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      form.reset({ ...values, email: '' });
      showAlert({ type: 'Success', message: { key: 'settlement:recipients.added' } });
    } catch {
      // The mutation cache alerts the refusal (an address already subscribed); the form keeps its values.
    }
  });

  return (
    <Stack gap="sm" component="section" aria-labelledby="settlement-recipients">
      <Title order={2} size="h3" id="settlement-recipients">
        {t('recipients.title')}
      </Title>
      <Text size="sm">{t('recipients.intro')}</Text>
      {subscriptions.isError ? (
        <ErrorMessageBox error={subscriptions.error} onRetry={() => void subscriptions.refetch()} />
      ) : subscriptions.data === undefined ? null : subscriptions.data.length === 0 ? (
        <Text size="sm">{t('recipients.none')}</Text>
      ) : (
        <List spacing="xs" listStyleType="none" aria-label={t('recipients.title')}>
          {subscriptions.data.map((subscription) => (
            <List.Item key={subscription.id}>
              <Group gap="sm" wrap="wrap">
                <Text size="sm">
                  {t('recipients.line', {
                    email: subscription.email,
                    frequency: t(`recipients.frequencies.${subscription.frequency}`),
                  })}
                </Text>
                <PendingButton
                  size="xs"
                  variant="default"
                  aria-label={t('recipients.removeOne', { email: subscription.email })}
                  onClick={() => remove.mutateAsync(subscription.id)}
                >
                  {t('recipients.remove')}
                </PendingButton>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextField
            control={form.control}
            name="email"
            type="email"
            label={t('recipients.email')}
            required
            w={260}
          />
          <SelectField
            control={form.control}
            name="frequency"
            label={t('recipients.frequency')}
            w={160}
            data={SUMMARY_FREQUENCIES.map((value) => ({
              value,
              label: t(`recipients.frequencies.${value}`),
            }))}
          />
          <SelectField
            control={form.control}
            name="locale"
            label={t('recipients.language')}
            w={160}
            data={[
              { value: 'en', label: 'English' },
              { value: 'fr-CA', label: 'Français (Canada)' },
            ]}
          />
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('recipients.add')}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
