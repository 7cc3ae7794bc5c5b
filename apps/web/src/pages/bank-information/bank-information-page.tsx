import { Alert, Loader, Stack, Text } from '@mantine/core';
import { SCOPES, hasScope } from '@portal/contracts/scopes';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ErrorMessageBox } from '../../components/error-message-box';
import { PageTitle } from '../../components/page-title';
import { useBankInformation } from '../../features/bank-information/api/bank-information';
import { AccountCard } from '../../features/bank-information/components/account-card';
import { BankChangeForm } from '../../features/bank-information/components/bank-change-form';
import { PendingChange } from '../../features/bank-information/components/pending-change';
import { useAuth } from '../../lib/auth/auth-context';
import { useFormattingLocale } from '../../lib/format/use-formatters';
import { formatDate } from '../../lib/i18n/format';
import { currentMerchantId } from '../../lib/merchant-selection/merchant-selection';

/**
 * The e-mailed link's request and key, from the fragment (`#request=…&token=…`): browsers never send a
 * fragment, so the key reaches no server log before the requester chooses to confirm.
 */
function linkOf(hash: string): { requestId: string; token: string } | undefined {
  const fields = new URLSearchParams(hash.replace(/^#/, ''));
  const requestId = fields.get('request');
  const token = fields.get('token');
  return requestId === null || token === null ? undefined : { requestId, token };
}

function BankInformationPage({
  merchantId,
  canEdit,
}: {
  readonly merchantId: string;
  readonly canEdit: boolean;
}) {
  const { t } = useTranslation('bankInformation');
  const { hash } = useLocation();
  const locale = useFormattingLocale();
  const query = useBankInformation(merchantId);
  if (query.isError) return <ErrorMessageBox error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data === undefined) return <Loader size="sm" aria-label={t('loading')} />;
  const page = query.data;
  const { timeZone } = page.cutoff;
  const day = (value: string) => formatDate(value, { locale, timeZone, style: 'long' });
  const link = linkOf(hash);
  const { pending } = page;
  const waiting = pending !== null && pending.status === 'PENDING';
  return (
    <>
      <Text size="sm">{t('intro')}</Text>
      <Text size="sm">
        {t('cutoff', {
          time: new Intl.DateTimeFormat(locale, {
            hour: 'numeric',
            minute: '2-digit',
            timeZone: 'UTC',
          }).format(Date.UTC(2000, 0, 1, page.cutoff.hour)),
          zone: timeZone.replaceAll('_', ' '),
        })}
      </Text>
      {page.nextDeposit !== null && (
        <Alert
          color="blue"
          variant="light"
          title={t('next.title', { day: day(page.nextDeposit.depositDate) })}
        >
          {page.nextDeposit.account === null
            ? t('next.none')
            : t('next.account', {
                bank: page.nextDeposit.account.bankName,
                last4: page.nextDeposit.account.accountLast4,
              })}
        </Alert>
      )}
      {page.inUse === null ? (
        <Text size="sm">{t('noAccount')}</Text>
      ) : (
        <AccountCard title={t('inUse')} account={page.inUse} timeZone={timeZone} />
      )}
      {page.scheduled !== null && (
        <AccountCard
          title={t('scheduled', {
            day: day(page.scheduled.effectiveFrom ?? page.nextDeposit?.depositDate ?? ''),
          })}
          account={page.scheduled}
          timeZone={timeZone}
        />
      )}
      {pending !== null && (
        <PendingChange
          merchantId={merchantId}
          page={{ ...page, pending }}
          canEdit={canEdit}
          linkToken={link?.requestId === pending.id ? link.token : undefined}
        />
      )}
      {canEdit && !waiting && <BankChangeForm merchantId={merchantId} country={page.country} />}
    </>
  );
}

/**
 * `/bank-information`: where the merchant's deposits go, and the two-step change of that account. Read
 * with `r:bank_information`, changed with `u:bank_information`.
 */
export function Component() {
  const { claims } = useAuth();
  const merchantId = claims ? currentMerchantId(claims) : null;
  // The signed-in shell renders pages only with a token for a chosen merchant.
  if (!claims || merchantId === null) return null;
  return (
    <Stack gap="lg">
      <PageTitle page="bankInformation" />
      <BankInformationPage
        key={merchantId}
        merchantId={merchantId}
        canEdit={hasScope(claims.scp, SCOPES.bankInformationEdit)}
      />
    </Stack>
  );
}
