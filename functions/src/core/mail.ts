import type { Transporter } from 'nodemailer';
import { config, SMTP_URL } from './config';
import { coreErrors } from './errors';
import { lazyFile } from './lazy';

const nodemailerPackage = lazyFile<typeof import('nodemailer')>(() => require('nodemailer'));

/**
 * Outgoing email over SMTP with nodemailer (a maintained client: connection handling, STARTTLS,
 * encodings and retries of the protocol are its job, not ours). The server is the SMTP_URL secret;
 * locally the stack's mailbox (dev/mailbox.ts) keeps every message.
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

let transport: { url: string; transporter: Transporter } | undefined;

function transporter(): Transporter {
  const url = config.secret(SMTP_URL);
  if (!url) throw coreErrors.MAIL_UNAVAILABLE('Email is not configured on this deployment (SMTP_URL)');
  if (transport?.url !== url) {
    const nodemailer = nodemailerPackage();
    transport = { url, transporter: nodemailer.createTransport(url, { from: config.mail.from() }) };
  }
  return transport.transporter;
}

/** Sends one message; a refused or unreachable server is MAIL_UNAVAILABLE (503), with nothing of the server's answer passed on. */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  const sender = transporter();
  try {
    await sender.sendMail({ from: config.mail.from(), ...mail });
  } catch {
    throw coreErrors.MAIL_UNAVAILABLE('The email could not be sent; try again later');
  }
}
