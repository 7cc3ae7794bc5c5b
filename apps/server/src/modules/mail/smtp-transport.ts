import { createTransport } from 'nodemailer';
import type { Brand } from '@portal/contracts/brands';
import { BRAND_NAMES } from './render-email.js';
import type { MailTransport, OutgoingMessage } from './mail-sender.js';

// Well under the sender's claim (CLAIM_MS), so that an attempt ends before another sender may take over.
const CONNECTION_TIMEOUT_MS = 30_000;
const SOCKET_TIMEOUT_MS = 60_000;

export interface SmtpOptions {
  /** SMTP_URL: `smtp://` or `smtps://`, with credentials if the server wants them. */
  url: string;
  brand: Brand;
  /** PUBLIC_URL: its host names the sender (`no-reply@<host>`). */
  publicUrl: string;
}

/** Delivers through the SMTP server of SMTP_URL, from `"<brand>" <no-reply@<portal host>>`. */
export function smtpTransport({ url, brand, publicUrl }: SmtpOptions): MailTransport {
  const transporter = createTransport({
    url,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: CONNECTION_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  const from = { name: BRAND_NAMES[brand], address: `no-reply@${new URL(publicUrl).hostname}` };
  return {
    async send(message: OutgoingMessage) {
      await transporter.sendMail({ from, ...message });
    },
    close() {
      transporter.close();
    },
  };
}
