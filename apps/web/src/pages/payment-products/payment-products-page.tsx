import { Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Enrollment, PaymentProduct } from '@portal/contracts/payment-products';
import type { Program } from '@portal/contracts/programs';
import { SCOPES, hasScope } from '@portal/contracts/scopes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/data-table';
import { ErrorMessageBox } from '../../components/error-message-box';
import { LoadingPage } from '../../components/loading-page';
import { PageTitle } from '../../components/page-title';
import { useCurrentMerchant } from '../../features/merchants/api/current-merchant';
import { useProgramProducts } from '../../features/payment-products/api/program-products';
import { AggregationSummary } from '../../features/payment-products/components/aggregation-summary';
import { EndEnrollmentDialog } from '../../features/payment-products/components/end-enrollment-dialog';
import { EnrollmentDialog } from '../../features/payment-products/components/enrollment-dialog';
import { enrollmentColumns } from '../../features/payment-products/components/enrollment-columns';
import { productColumns } from '../../features/payment-products/components/product-columns';
import { effectiveTerms } from '../../features/payment-products/enrollment-form';
import { useMerchantPrograms } from '../../features/programs/use-merchant-programs';
import { useAuth } from '../../lib/auth/auth-context';
import { dayIn } from '../../lib/dates/day-ranges';
import { useFormattingLocale } from '../../lib/format/use-formatters';
import { formatDate } from '../../lib/i18n/format';
import { currentMerchantId } from '../../lib/merchant-selection/merchant-selection';

interface ProgramProductsProps {
  readonly merchantId: string;
  readonly programId: string;
  readonly timeZone: string;
  readonly canChange: boolean;
}

type Editing =
  | { readonly kind: 'enroll'; readonly product: PaymentProduct }
  | { readonly kind: 'change'; readonly product: PaymentProduct; readonly enrollment: Enrollment }
  | { readonly kind: 'end'; readonly product: PaymentProduct; readonly enrollment: Enrollment };

/** One program: its products and terms, the counts per type, and the merchant's enrollments. */
function ProgramProducts({ merchantId, programId, timeZone, canChange }: ProgramProductsProps) {
  const { t } = useTranslation('paymentProducts');
  const locale = useFormattingLocale();
  const query = useProgramProducts(merchantId, programId);
  const [editing, setEditing] = useState<Editing>();
  if (query.isError) return <ErrorMessageBox error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data === undefined) return <Skeleton height={240} />;

  const { products, configurations, aggregation, enrollments } = query.data;
  const productOf = (id: string) => products.find((product) => product.id === id);
  const termsOf = (id: string) => effectiveTerms(configurations, id);
  const ownTerms = (id: string) =>
    configurations.some((item) => item.paymentProductID === id && item.ownerType === 'MERCHANT');
  // Effective dates are days of the merchant's calendar: read in its zone, whoever looks.
  const dayOf = (instant: Date) => dayIn(timeZone, instant);
  const formatDay = (instant: Date) => formatDate(instant, { locale, timeZone });
  const close = () => {
    setEditing(undefined);
  };
  const withProduct = (kind: 'change' | 'end') => (enrollment: Enrollment) => {
    const product = productOf(enrollment.paymentProductID);
    if (product !== undefined) setEditing({ kind, product, enrollment });
  };

  return (
    <Stack gap="lg">
      <AggregationSummary aggregation={aggregation} />
      <Stack gap="sm" component="section" aria-labelledby="payment-products-products">
        <Title order={2} size="h3" id="payment-products-products">
          {t('products.title')}
        </Title>
        <DataTable
          label={t('products.label')}
          columns={productColumns({
            t,
            locale,
            termsOf,
            ownTerms,
            onEnroll: canChange
              ? (product) => {
                  setEditing({ kind: 'enroll', product });
                }
              : undefined,
          })}
          rows={products}
          status="success"
          getRowId={(product) => product.id}
          skeletonRows={0}
          minWidth={560}
          empty={t('products.empty')}
        />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="payment-products-enrollments">
        <Title order={2} size="h3" id="payment-products-enrollments">
          {t('enrollments.title')}
        </Title>
        <Text size="sm" c="dark.4">
          {t('enrollments.intro', { timeZone })}
        </Text>
        <DataTable
          label={t('enrollments.label')}
          columns={enrollmentColumns({
            t,
            productName: (id) => productOf(id)?.name ?? id,
            formatDay,
            actions: canChange ? { onChange: withProduct('change'), onEnd: withProduct('end') } : undefined,
          })}
          rows={enrollments}
          status="success"
          getRowId={(enrollment) => enrollment.id}
          skeletonRows={0}
          minWidth={640}
          empty={t('enrollments.empty')}
        />
      </Stack>
      {editing !== undefined && editing.kind !== 'end' && (
        <EnrollmentDialog
          merchantId={merchantId}
          programId={programId}
          product={editing.product}
          enrollment={editing.kind === 'change' ? editing.enrollment : undefined}
          terms={termsOf(editing.product.id)}
          today={dayIn(timeZone, new Date())}
          dayOf={dayOf}
          onClose={close}
        />
      )}
      {editing?.kind === 'end' && (
        <EndEnrollmentDialog
          merchantId={merchantId}
          enrollment={editing.enrollment}
          productName={editing.product.name}
          onClose={close}
        />
      )}
    </Stack>
  );
}

interface PaymentProductsProps {
  readonly merchantId: string;
  readonly canChange: boolean;
}

/** The page's choice of program: the merchant's programs, the first one to begin with. */
function ProgramChoice({
  programs,
  ...props
}: PaymentProductsProps & { readonly programs: readonly Program[]; readonly timeZone: string }) {
  const { t } = useTranslation('paymentProducts');
  const [chosen, setChosen] = useState(programs[0]?.id);
  const programId = programs.some((program) => program.id === chosen) ? chosen : programs[0]?.id;
  if (programId === undefined) return <Text>{t('noPrograms')}</Text>;
  return (
    <Stack gap="lg">
      {programs.length > 1 && (
        <Select
          label={t('program')}
          data={programs.map((program) => ({ value: program.id, label: program.name }))}
          value={programId}
          allowDeselect={false}
          onChange={(value) => {
            if (value !== null) setChosen(value);
          }}
          maw={420}
        />
      )}
      <ProgramProducts key={programId} programId={programId} {...props} />
    </Stack>
  );
}

function PaymentProducts({ merchantId, canChange }: PaymentProductsProps) {
  const { t } = useTranslation('paymentProducts');
  const merchant = useCurrentMerchant(merchantId);
  const programs = useMerchantPrograms(merchantId);
  const body =
    merchant.isError || programs.status === 'error' ? (
      <ErrorMessageBox
        error={merchant.isError ? merchant.error : programs.status === 'error' ? programs.error : null}
        onRetry={() => {
          if (merchant.isError) void merchant.refetch();
          if (programs.status === 'error') programs.retry();
        }}
      />
    ) : merchant.data === undefined || programs.status === 'pending' ? (
      <LoadingPage />
    ) : (
      <ProgramChoice
        merchantId={merchantId}
        canChange={canChange}
        programs={programs.programs}
        timeZone={merchant.data.timeZone}
      />
    );
  return (
    <Stack gap="lg">
      <PageTitle page="paymentProducts" />
      <Text maw={720}>{t('intro')}</Text>
      {body}
    </Stack>
  );
}

export function Component() {
  const { claims } = useAuth();
  const merchantId = claims ? currentMerchantId(claims) : null;
  // The signed-in shell renders pages only with a token for a chosen merchant.
  if (!claims || merchantId === null) return null;
  return (
    <PaymentProducts
      key={merchantId}
      merchantId={merchantId}
      // Writes need the merchant-edit scope as well as the page's (the endpoints' declaration).
      canChange={hasScope(claims.scp, SCOPES.merchantSettingsEdit)}
    />
  );
}
