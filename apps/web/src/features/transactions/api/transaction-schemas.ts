import type {
  Transaction,
  TransactionDetail,
  TransactionEvent,
  TransactionListResponse,
} from '@portal/contracts/transactions';

// The transactions' answers as the portal reads them: the contracts' types, date-times decoded to Dates.
export type TransactionAnswer = Transaction;
export type TransactionEventAnswer = TransactionEvent;
export type TransactionDetailAnswer = TransactionDetail;
export type TransactionPage = TransactionListResponse['data'];
