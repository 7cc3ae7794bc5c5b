import { paginationSchema } from '@portal/contracts/api';
import { transactionEventSchema, transactionSchema } from '@portal/contracts/transactions';
import { z } from 'zod';
import { answerDateTime } from '../../../lib/http/answer-dates';

const transactionAnswerSchema = transactionSchema.extend({
  createdAt: answerDateTime,
  updatedAt: answerDateTime,
  expiresAt: answerDateTime,
});
export type TransactionAnswer = z.infer<typeof transactionAnswerSchema>;

const transactionEventAnswerSchema = transactionEventSchema.extend({ at: answerDateTime });
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
