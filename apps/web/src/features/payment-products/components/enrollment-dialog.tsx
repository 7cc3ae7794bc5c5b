import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { PLAN_FREQUENCIES } from '@portal/contracts/placements';
import {
  NUM_PAYMENTS_MAX,
  NUM_PAYMENTS_MIN,
  RATE_BPS_MAX,
  type Enrollment,
  type EnrollmentTerms,
  type PaymentProduct,
} from '@portal/contracts/payment-products';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyApiFieldErrors } from '../../../lib/forms/api-field-errors';
import { FormError, TextField } from '../../../lib/forms/fields';
import { CountField, SelectField } from '../../../lib/forms/choice-fields';
import { FormGuard } from '../../../lib/forms/form-guard';
import { formResolver } from '../../../lib/forms/form-resolver';
import { showAlert } from '../../../lib/alerts/alert-store';
import { useRefusalText } from '../../../lib/http/refusal-text';
import { useCreateEnrollment, useUpdateEnrollment } from '../api/enrollment-changes';
import {
  enrollmentFieldOf,
  enrollmentFormSchema,
  type EnrollmentFormOutput,
  type EnrollmentFormValues,
  type FormTerms,
} from '../enrollment-form';

export interface EnrollmentDialogProps {
  readonly merchantId: string;
  readonly programId: string;
  readonly product: PaymentProduct;
  /** The enrollment to change; undefined to enroll. */
  readonly enrollment?: Enrollment | undefined;
  /** The product's terms as they apply now (the merchant's own over the program's). */
  readonly terms: FormTerms;
  /** The merchant's today and the days of the enrollment's dates, in its time zone. */
  readonly today: string;
  readonly dayOf: (instant: Date) => string;
  readonly onClose: () => void;
}

const sameTerms = (a: FormTerms, b: EnrollmentTerms) =>
  a.TYPE === b.TYPE && a.NUMPAYMENTS === b.NUMPAYMENTS && a.RATE === b.RATE;

/**
 * Enrolls in a product, or changes an enrollment: its start (until it has started), its end (empty:
 * open-ended) and the merchant's own terms of the product. Checked field by field as the server checks.
 */
export function EnrollmentDialog({
  merchantId,
  programId,
  product,
  enrollment,
  terms,
  today,
  dayOf,
  onClose,
}: EnrollmentDialogProps) {
  const { t } = useTranslation('paymentProducts');
  const refusalText = useRefusalText();
  const create = useCreateEnrollment(merchantId);
  const update = useUpdateEnrollment(merchantId);
  // A started enrollment keeps its start (the server refuses a change).
  const startEditable = enrollment === undefined || enrollment.status === 'SCHEDULED';
  const shownFrom = enrollment === undefined ? today : dayOf(enrollment.effectiveFrom);
  const shownTo =
    enrollment === undefined || enrollment.effectiveTo === null ? '' : dayOf(enrollment.effectiveTo);
  const form = useForm<EnrollmentFormValues, unknown, EnrollmentFormOutput>({
    resolver: formResolver(enrollmentFormSchema(today, startEditable)),
    defaultValues: { effectiveFrom: shownFrom, effectiveTo: shownTo, ...terms },
    mode: 'onTouched',
  });
  const { control, handleSubmit, formState } = form;

  const submit = handleSubmit(async (values) => {
    const { effectiveFrom, effectiveTo, TYPE, NUMPAYMENTS, RATE } = values;
    const newTerms = { TYPE, NUMPAYMENTS, RATE };
    // Terms as they already apply are not written again as the merchant's own.
    const termsChange = sameTerms(terms, newTerms) ? {} : { terms: newTerms };
    try {
      if (enrollment === undefined) {
        await create.mutateAsync({
          programID: programId,
          paymentProductID: product.id,
          // Today starts now: its start in the merchant's zone has passed already.
          ...(effectiveFrom === today ? {} : { effectiveFrom }),
          ...(effectiveTo === '' ? {} : { effectiveTo }),
          ...termsChange,
        });
        showAlert({
          type: 'Success',
          message: { key: 'paymentProducts:enroll.done', values: { name: product.name } },
        });
      } else {
        // Only what changed: a date the form shows as a day may be a precise instant on the server.
        await update.mutateAsync({
          id: enrollment.id,
          body: {
            ...(startEditable && effectiveFrom !== shownFrom ? { effectiveFrom } : {}),
            ...(effectiveTo !== shownTo ? { effectiveTo: effectiveTo === '' ? null : effectiveTo } : {}),
            ...termsChange,
          },
        });
        showAlert({
          type: 'Success',
          message: { key: 'paymentProducts:change.done', values: { name: product.name } },
        });
      }
      form.reset(values);
      onClose();
    } catch (error) {
      applyApiFieldErrors(form, error, refusalText, { fieldOf: enrollmentFieldOf });
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(enrollment === undefined ? 'enroll.title' : 'change.title', { name: product.name })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Group grow align="flex-start" wrap="wrap">
            <TextField
              control={control}
              name="effectiveFrom"
              type="date"
              label={t('fields.effectiveFrom')}
              description={startEditable ? t('fields.effectiveFromHelp') : t('fields.startKept')}
              disabled={!startEditable}
              required
              miw={180}
              data-autofocus
            />
            <TextField
              control={control}
              name="effectiveTo"
              type="date"
              label={t('fields.effectiveTo')}
              description={t('fields.effectiveToHelp')}
              miw={180}
            />
          </Group>
          <Text fw={600} size="sm">
            {t('fields.terms')}
          </Text>
          <Text size="sm" c="dark.4" mt={-12}>
            {t('fields.termsHelp')}
          </Text>
          <Group grow align="flex-start" wrap="wrap">
            <SelectField
              control={control}
              name="TYPE"
              label={t('fields.TYPE')}
              data={PLAN_FREQUENCIES.map((value) => ({ value, label: t(`frequencies.${value}`) }))}
              required
              miw={160}
            />
            <CountField
              control={control}
              name="NUMPAYMENTS"
              label={t('fields.NUMPAYMENTS')}
              description={t('fields.NUMPAYMENTSHelp', { min: NUM_PAYMENTS_MIN, max: NUM_PAYMENTS_MAX })}
              required
              miw={160}
            />
            <CountField
              control={control}
              name="RATE"
              label={t('fields.RATE')}
              description={t('fields.RATEHelp', { max: RATE_BPS_MAX })}
              required
              miw={160}
            />
          </Group>
          <FormError control={control} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" loading={formState.isSubmitting}>
              {t(enrollment === undefined ? 'enroll.submit' : 'change.submit')}
            </Button>
          </Group>
        </Stack>
        <FormGuard control={control} />
      </form>
    </Modal>
  );
}
