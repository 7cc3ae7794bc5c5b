import { paginationSchema } from '@portal/contracts/api';
import { transactionEventSchema, transactionSchema } from '@portal/contracts/transactions';
import { z } from 'zod';
import { formatWireDate } from '../../../lib/http/json-dates';

/*
 * The HTTP client turns every text that looks like a date into a Date before the answer is validated
 * (specification §3), so the portal reads the contracts' date-time fields as Dates. A merchant's order
 * id can look like a date too ("2026-11-01"): it is turned back into its text.
 */
const revivedText = z.union([z.string(), z.date().transform(formatWireDate)]);

const transactionAnswerSchema = transactionSchema.extend({
  externalID: revivedText,
  createdAt: z.date(),
  updatedAt: z.date(),
  expiresAt: z.date(),
});
export type TransactionAnswer = z.infer<typeof transactionAnswerSchema>;

const transactionEventAnswerSchema = transactionEventSchema.extend({ at: z.date() });
export type TransactionEventAnswer = z.infer<typeof transactionEventAnswerSchema>;

export const transactionDetailAnswerSchema = transactionAnswerSchema.extend({
  history: z.array(transactionEventAnswerSchema),
});
export type TransactionDetailAnswer = z.infer<typeof transactionDetailAnswerSchema>;

export const transactionPageAnswerSchema = z.object({
  data: z.object({
    items: z.array(transactionAnswerSchema),
    pagination: paginationSchema,
    nextCursor: z.string().nullable(),
    timeZone: z.string(),
  }),
});
export type TransactionPage = z.infer<typeof transactionPageAnswerSchema>['data'];
