import type { ConfigurationKey } from '@portal/contracts/enums';
import {
  enrollmentTermsSchema,
  type EnrollmentTerms,
  type PaymentProductConfiguration,
} from '@portal/contracts/payment-products';
import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';

const DAY = z.iso.date('paymentProducts:validation.day');

/**
 * The enrollment dialog's values. Dates are days of the merchant's calendar (`YYYY-MM-DD`, what the
 * server reads as the start of that day in the merchant's zone); an empty end is open-ended. The terms
 * are the shared contracts' checks (NUMPAYMENTS 2–60, RATE 0–3600 basis points), as the server's.
 */
export function enrollmentFormSchema(today: string, startEditable: boolean) {
  return z
    .object({
      effectiveFrom: startEditable
        ? DAY.refine((day) => day >= today, 'paymentProducts:validation.startTodayOrLater')
        : z.string(),
      effectiveTo: z.union([z.literal(''), DAY]),
      ...enrollmentTermsSchema.shape,
    })
    .refine((values) => values.effectiveTo === '' || values.effectiveTo > values.effectiveFrom, {
      path: ['effectiveTo'],
      message: 'paymentProducts:validation.endAfterStart',
    });
}

export type EnrollmentFormValues = z.input<ReturnType<typeof enrollmentFormSchema>>;
export type EnrollmentFormOutput = z.output<ReturnType<typeof enrollmentFormSchema>>;

/** What the form holds while a term is missing: nothing chosen, or an empty number field (NaN). */
export interface FormTerms {
  readonly TYPE: EnrollmentTerms['TYPE'] | undefined;
  readonly NUMPAYMENTS: number;
  readonly RATE: number;
}

/**
 * A product's terms as they apply to the merchant: its own value of each key over the program's
 * default. A value that is not a whole number is left empty for the user to fill in.
 */
export function effectiveTerms(
  configurations: readonly PaymentProductConfiguration[],
  productId: string,
): FormTerms {
  const value = (key: ConfigurationKey) => {
    const own = configurations.find(
      (item) => item.paymentProductID === productId && item.key === key && item.ownerType === 'MERCHANT',
    );
    const fallback = configurations.find(
      (item) => item.paymentProductID === productId && item.key === key && item.ownerType === null,
    );
    return (own ?? fallback)?.value;
  };
  const whole = (text: string | undefined) =>
    text !== undefined && /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
  const type = enrollmentTermsSchema.shape.TYPE.safeParse(value('TYPE'));
  return {
    TYPE: type.success ? type.data : undefined,
    NUMPAYMENTS: whole(value('NUMPAYMENTS')),
    RATE: whole(value('RATE')),
  };
}

/** Where the server's field errors go: the terms' paths are `body.terms.<KEY>`. */
export function enrollmentFieldOf(path: string): FieldPath<EnrollmentFormValues> | null {
  const field = path.replace(/^body\.(terms\.)?/, '');
  return field === 'effectiveFrom' ||
    field === 'effectiveTo' ||
    field === 'TYPE' ||
    field === 'NUMPAYMENTS' ||
    field === 'RATE'
    ? field
    : null;
}
