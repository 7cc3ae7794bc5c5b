import { randomUUID } from 'node:crypto';
import type { Locale } from '@portal/contracts/brands';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RenderedEmail } from './render-email.js';
import { insertEmail } from './repository.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface EmailToQueue {
  readonly merchantId: string | null;
  readonly to: string;
  /** The template's name, for the outbox page and for tests: `cart-link`, `invitation`, … */
  readonly template: string;
  readonly locale: Locale;
  readonly message: RenderedEmail;
  /** What the message is about, so that its page can list the messages sent for it. */
  readonly related?: { readonly type: string; readonly id: string };
}

/**
 * Puts a message in the outbox, PENDING. Call it with the transaction of the change that sends it: the
 * message is written with the change or not at all, and the sender delivers it after the commit.
 */
export async function queueEmail(db: Db, email: EmailToQueue): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await insertEmail(db, {
    id,
    merchant_id: email.merchantId,
    to_address: email.to,
    subject: email.message.subject,
    html: email.message.html,
    text: email.message.text,
    template: email.template,
    locale: email.locale,
    related_type: email.related?.type ?? null,
    related_id: email.related?.id ?? null,
    status: 'PENDING',
    next_attempt_at: now,
    created_at: now,
  });
  return id;
}
