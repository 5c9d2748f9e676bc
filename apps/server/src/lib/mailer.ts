import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../context';

/** Outgoing mail of every module (password reset, notifications): SMTP when configured, else an .eml outbox. */

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * One fixed encoding: nodemailer would otherwise pick one per message from its content, and
 * whatever reads the outbox (tests, the e2e journey, a person) would have to handle both.
 */
const TEXT_ENCODING = 'quoted-printable';

export interface Mailer {
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
}

/**
 * Sends through SMTP_HOST when it is set. Without it the message is written as an .eml file under
 * $DATA_DIR/outbox/ and its path logged, so that a demo or a developer machine works with no mail
 * server; whoever can read that folder can use the links in it, exactly like the mailbox itself.
 */
export function createMailer(ctx: AppContext): Mailer {
  const { smtp } = ctx.config;
  if (smtp.host) return smtpMailer(ctx, smtp);
  return outboxMailer(ctx);
}

function smtpMailer(ctx: AppContext, smtp: AppContext['config']['smtp']): Mailer {
  const transport: Transporter = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined,
    // Bounded, so that a mail server that does not answer cannot hold background work for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    send: async (mail) => {
      await transport.sendMail({ from: smtp.from, textEncoding: TEXT_ENCODING, ...mail });
    },
    close: () => transport.close(),
  };
}

function outboxMailer(ctx: AppContext): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const info = await transport.sendMail({ from: ctx.config.smtp.from, textEncoding: TEXT_ENCODING, ...mail });
      const dir = path.join(ctx.config.dataDir, 'outbox');
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      // Sortable by time, unique within the millisecond.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(dir, name);
      // The message holds a live reset link: readable by the server's own user only.
      await fs.writeFile(file, info.message, { mode: 0o600 });
      ctx.log.info({ file, to: mail.to }, 'mail written to the outbox (SMTP_HOST is not set)');
    },
    close: () => transport.close(),
  };
}
