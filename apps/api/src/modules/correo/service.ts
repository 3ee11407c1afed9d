import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { AppConfig } from "../../config";
import type { Clock } from "../../lib/clock";
import type { CorreoNuevo, CorreoRepository } from "./repository";

/** Delivers one message; throws when the SMTP server refuses or cannot be reached. */
export type MailTransport = (message: {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}) => Promise<void>;

export function createSmtpTransport(config: AppConfig): MailTransport | null {
  if (!config.SMTP_HOST) return null;
  const transporter = nodemailer.createTransport({
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_SECURE,
    auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASS ?? "" } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return async (message) => {
    await transporter.sendMail({ ...message, html: message.html || undefined });
  };
}

/** Without SMTP settings (a developer's `npm start`), messages are written to the log and count as sent. */
export const logTransport =
  (log: FastifyBaseLogger): MailTransport =>
  async (message) => {
    log.info(
      { correo: { para: message.to, asunto: message.subject, texto: message.text } },
      "correo (sin SMTP configurado)",
    );
  };

export const MAX_INTENTOS = 8;
/** 30 s, 1 min, 2 min … capped at 1 h. */
export const backoffMs = (intentos: number) => Math.min(30_000 * 2 ** (intentos - 1), 3_600_000);

/**
 * Transactional outbox: callers enqueue in their own transaction (nothing is sent inline); a worker
 * delivers due messages with retries and exponential backoff, so a down SMTP server loses nothing.
 */
export function createCorreoService(repo: CorreoRepository, transport: MailTransport, clock: Clock, from: string) {
  let running: Promise<number> | null = null;

  async function deliverDue(): Promise<number> {
    const due = await repo.due(clock(), 20);
    let sent = 0;
    for (const correo of due) {
      try {
        await transport({ from, to: correo.para, subject: correo.asunto, text: correo.texto, html: correo.html });
        await repo.markSent(correo.id, clock(), correo.intentos + 1);
        sent++;
      } catch (error) {
        const intentos = correo.intentos + 1;
        const next = intentos >= MAX_INTENTOS ? null : new Date(clock().getTime() + backoffMs(intentos));
        await repo.markFailed(correo.id, intentos, error instanceof Error ? error.message : String(error), next);
      }
    }
    return sent;
  }

  return {
    /** Due at once by the injected clock (not the database's): tests and the worker share one "now". */
    enqueue: (correo: CorreoNuevo) => repo.enqueue(correo, clock()),
    /** One pass over the due messages (never two at once); returns how many were sent. */
    flush(): Promise<number> {
      running ??= deliverDue().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
export type CorreoService = ReturnType<typeof createCorreoService>;
