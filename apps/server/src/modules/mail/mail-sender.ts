import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { claimEmail, dueEmailIds, findEmailToSend, finishEmail, type EmailOutcome } from './repository.js';

/** A message as handed to the transport: what was rendered when it was queued. */
export interface OutgoingMessage {
  readonly to: string;
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}

/** Where messages go: SMTP in production (smtp-transport.ts), anything that can fail in tests. */
export interface MailTransport {
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

/** How long to wait after the 1st, 2nd, 3rd and 4th failed attempt; the 5th failure is final. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/**
 * How long a claim keeps other senders off a message. Longer than the transport's own time limits
 * (smtp-transport.ts), so that a claim outlives the attempt it covers; a sender that dies mid-attempt
 * leaves the message to the others after it.
 */
export const CLAIM_MS = 3 * 60_000;
const BATCH_SIZE = 20;
/** The polling period: a message queued without a `deliverSoon()` still leaves within seconds. */
export const POLL_INTERVAL_MS = 5_000;
const ERROR_TEXT_LIMIT = 1_000;

export interface DeliveryReport {
  sent: number;
  kept: number;
  /** Failed attempts, whether retried later or final. */
  failed: number;
}

/** What modules and tests see as `app.mail` (see modules/README.md, "E-mail and audit"). */
export interface MailDelivery {
  /** Asks for a delivery pass now, after the caller's transaction committed; does not wait for it. */
  deliverSoon(): void;
  /** Delivers every message that is due, and resolves when done: tests call it to deliver on cue. */
  deliverPending(): Promise<DeliveryReport>;
}

interface SenderOptions {
  db: Kysely<Database>;
  /** None: messages are KEPT in the outbox instead of sent (no SMTP_URL). */
  transport: MailTransport | undefined;
  log: FastifyBaseLogger;
  now?: () => Date;
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, ERROR_TEXT_LIMIT);
}

/**
 * Delivers the PENDING rows of `outbound_emails`. Several server instances may run one each: a sender
 * claims a message with a conditional update of `claimed_until` before it touches it, so that one
 * message is attempted by one sender at a time and sent once. Failures are retried after
 * RETRY_DELAYS_MS; after MAX_ATTEMPTS the message is FAILED with its last error and stays in the table.
 */
export class MailSender implements MailDelivery {
  private readonly db: Kysely<Database>;
  private readonly transport: MailTransport | undefined;
  private readonly log: FastifyBaseLogger;
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<DeliveryReport> | undefined;
  private again = false;
  private started = false;

  constructor({ db, transport, log, now = () => new Date() }: SenderOptions) {
    this.db = db;
    this.transport = transport;
    this.log = log;
    this.now = now;
  }

  /** Starts polling. Until then `deliverSoon()` does nothing, so that tests deliver only on cue. */
  start(intervalMs = POLL_INTERVAL_MS): void {
    if (this.started) return;
    this.started = true;
    this.timer = setInterval(() => {
      this.deliverSoon();
    }, intervalMs);
    this.timer.unref();
    this.deliverSoon();
  }

  /** Stops polling and waits for the pass under way, so that no query runs after the database closes. */
  async stop(): Promise<void> {
    this.started = false;
    clearInterval(this.timer);
    this.timer = undefined;
    this.again = false;
    await this.running?.catch(() => undefined);
    this.transport?.close();
  }

  deliverSoon(): void {
    if (!this.started) return;
    if (this.running !== undefined) {
      // A message committed during the pass may have been looked for already: one more pass after it.
      this.again = true;
      return;
    }
    void this.deliverPending().catch((error: unknown) => {
      this.log.error({ err: error }, 'e-mail delivery pass failed');
    });
  }

  async deliverPending(): Promise<DeliveryReport> {
    while (this.running !== undefined) await this.running.catch(() => undefined);
    this.running = this.pass();
    try {
      return await this.running;
    } finally {
      this.running = undefined;
      if (this.again && this.started) {
        this.again = false;
        this.deliverSoon();
      }
    }
  }

  private async pass(): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, kept: 0, failed: 0 };
    for (;;) {
      const due = await this.dueIds();
      if (due.length === 0) return report;
      let claimedAny = false;
      for (const id of due) {
        const claim = await this.claim(id);
        if (claim === undefined) continue;
        claimedAny = true;
        const outcome = await this.deliver(id, claim);
        report[outcome] += 1;
      }
      // Every due message was claimed by another sender: it is theirs to finish.
      if (!claimedAny) return report;
    }
  }

  private async dueIds(): Promise<string[]> {
    return dueEmailIds(this.db, this.now().toISOString(), BATCH_SIZE);
  }

  /** The claim's expiry when this sender won the message; undefined when another one has it. */
  private async claim(id: string): Promise<string | undefined> {
    const now = this.now();
    const until = new Date(now.getTime() + CLAIM_MS).toISOString();
    return (await claimEmail(this.db, id, now.toISOString(), until)) ? until : undefined;
  }

  private async deliver(id: string, claim: string): Promise<keyof DeliveryReport> {
    const row = await findEmailToSend(this.db, id);
    // Only the holder of this claim may finish the message.
    const finish = (outcome: EmailOutcome) => finishEmail(this.db, id, claim, outcome);

    if (this.transport === undefined) {
      await finish({ status: 'KEPT' });
      return 'kept';
    }
    const attempts = row.attempts + 1;
    try {
      await this.transport.send({ to: row.to_address, subject: row.subject, html: row.html, text: row.text });
    } catch (error) {
      const lastError = errorText(error);
      const delay = RETRY_DELAYS_MS[attempts - 1];
      if (delay === undefined) {
        this.log.error({ emailId: id, attempts, err: error }, 'e-mail not delivered after the last attempt');
        await finish({ status: 'FAILED', attempts, last_error: lastError });
      } else {
        this.log.warn({ emailId: id, attempts, err: error }, 'e-mail not delivered; will retry');
        const next = new Date(this.now().getTime() + delay).toISOString();
        await finish({ attempts, last_error: lastError, next_attempt_at: next });
      }
      return 'failed';
    }
    await finish({ status: 'SENT', attempts, sent_at: this.now().toISOString() });
    return 'sent';
  }
}
