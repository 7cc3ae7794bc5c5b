import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import { MailSender, type MailDelivery } from './mail-sender.js';
import { smtpTransport } from './smtp-transport.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The e-mail sender: `deliverSoon()` after a commit that queued a message (modules/README.md). */
    readonly mail: MailDelivery;
  }
}

/**
 * Decorates the root instance with `app.mail` (so that every module sees it) and runs the sender with
 * the server: it polls from the moment the server listens, and stops, waiting for the pass under way,
 * when the app closes. An app that never listens (tests through `inject`) delivers only when told to,
 * with `await app.mail.deliverPending()`.
 */
export function registerMail(
  app: FastifyInstance,
  { config, database }: { config: Config; database: DatabaseHandle },
): void {
  const transport =
    config.smtpUrl === undefined
      ? undefined
      : smtpTransport({ url: config.smtpUrl, brand: config.brand, publicUrl: config.publicUrl });
  const sender = new MailSender({ db: database.db, transport, log: app.log.child({ module: 'mail' }) });
  app.decorate('mail', sender);
  app.addHook('onListen', (done) => {
    sender.start();
    done();
  });
  app.addHook('onClose', async () => {
    await sender.stop();
  });
}
