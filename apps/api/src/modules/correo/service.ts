import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
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
  /**
   * The same for every attempt of one outbox message (`<correo-ID.portal@domain>`): a message sent again after a
   * process died mid-send (at least once, see createCorreoService) carries the first one's Message-ID, which mail
   * systems use to show it once.
   */
  messageId?: string;
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
    await transporter.sendMail({ ...message, html: message.html || undefined, messageId: message.messageId });
  };
}

/** A link's secret (a password reset's token, decision 067) as the log writes it: never the token itself. */
export const withoutLinkTokens = (text: string) => text.replace(/([?&]token=)[^\s&#]+/g, "$1[oculto]");

/**
 * Without SMTP settings (a developer's `npm start`), messages are written to the log and count as sent, with any
 * link's token hidden (a reset link is usable by whoever reads it; decision 067).
 */
export const logTransport =
  (log: FastifyBaseLogger): MailTransport =>
  async (message) => {
    log.info(
      { correo: { para: message.to, asunto: message.subject, texto: withoutLinkTokens(message.text) } },
      "correo (sin SMTP configurado)",
    );
  };

/**
 * The demo's mailbox (`npm start` sets CORREO_CARPETA to .data/correo/ when no SMTP server is configured): each
 * message is written whole as a text file (who, subject, then the text as sent), so a newcomer can read and follow
 * the links the portal sends (a password reset's among them). The log says where the file is, never what it says.
 */
export function folderTransport(dir: string, log: FastifyBaseLogger): MailTransport {
  return async (message) => {
    await mkdir(dir, { recursive: true });
    // A random name: two processes of a cluster never collide (a file's time says which is newest).
    const file = join(dir, `correo-${randomUUID()}.txt`);
    const text = `De: ${message.from}\nPara: ${message.to}\nAsunto: ${message.subject}\n\n${message.text}\n`;
    await writeFile(file, text, { encoding: "utf8", mode: 0o600 });
    log.info({ correo: { para: message.to, asunto: message.subject, archivo: file } }, "correo guardado en archivo");
  };
}

/** How messages leave: SMTP when configured, else the demo's folder when set, else the log. */
export function mailTransportFor(config: AppConfig, log: FastifyBaseLogger): MailTransport {
  return (
    createSmtpTransport(config) ??
    (config.CORREO_CARPETA ? folderTransport(config.CORREO_CARPETA, log) : logTransport(log))
  );
}

export const MAX_INTENTOS = 8;
/** 30 s, 1 min, 2 min … capped at 1 h. */
export const backoffMs = (intentos: number) => Math.min(30_000 * 2 ** (intentos - 1), 3_600_000);
/**
 * How long a process holds a message it is sending. SMTP is bounded by the transport's timeouts (10 s to connect,
 * 10 s for the greeting, 20 s of silence), so a live process always finishes well within it; only one that died
 * mid-send loses the message to another process, which sends it again.
 */
export const CORREO_LEASE_MS = 2 * 60_000;

/** The Message-ID of outbox message `id`, on the sender's domain. */
export function messageIdOf(id: number, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "portal-de-proveedores.invalid";
  return `<correo-${id}.portal@${domain}>`;
}

/**
 * Transactional outbox: callers enqueue in their own transaction (nothing is sent inline); a worker
 * delivers due messages with retries and exponential backoff, so a down SMTP server loses nothing.
 * Each message is leased before it is sent (`claim`), so several API processes never send it twice. Delivery
 * is at least once: a process that dies between the SMTP server's acceptance and the 'enviado' write (or whose
 * database fails right then) leaves the message leased, and it is sent again when the lease runs out — with the same
 * Message-ID (messageIdOf), so the recipient's mail system shows it once. SMTP offers nothing stronger.
 */
export function createCorreoService({
  repo,
  transport,
  clock,
  from,
}: {
  repo: CorreoRepository;
  transport: MailTransport;
  clock: Clock;
  from: string;
}) {
  let running: Promise<number> | null = null;

  async function deliverDue(signal?: AbortSignal): Promise<number> {
    let sent = 0;
    // One message at a time, each under its own lease: a pass empties the queue, and stops between two
    // messages when the app closes.
    while (!signal?.aborted) {
      const now = clock();
      const lease = new Date(now.getTime() + CORREO_LEASE_MS);
      const correo = await repo.claim(now, lease);
      if (!correo) break;
      try {
        await transport({
          from,
          to: correo.para,
          subject: correo.asunto,
          text: correo.texto,
          html: correo.html,
          messageId: messageIdOf(correo.id, from),
        });
      } catch (error) {
        const next = correo.intentos >= MAX_INTENTOS ? null : new Date(clock().getTime() + backoffMs(correo.intentos));
        await repo.markFailed(correo.id, lease, error instanceof Error ? error.message : String(error), next);
        continue;
      }
      await repo.markSent(correo.id, clock());
      sent++;
    }
    return sent;
  }

  return {
    /** Due at once by the injected clock (not the database's): tests and the worker share one "now". */
    enqueue: (correo: CorreoNuevo) => repo.enqueue(correo, clock()),
    /**
     * One pass over the due messages (never two at once in this process; other processes take other messages);
     * returns how many were sent. `signal` (the worker's, aborted on close) stops it between two messages.
     */
    flush(signal?: AbortSignal): Promise<number> {
      running ??= deliverDue(signal).finally(() => {
        running = null;
      });
      return running;
    },
  };
}
export type CorreoService = ReturnType<typeof createCorreoService>;
