import { SMTPServer } from "smtp-server";

/**
 * The e2e specs' mailbox: a real SMTP server on E2E_SMTP_PORT, the port the server under test sends to
 * (playwright.config.ts), keeping every message it receives. Specs run one at a time (one worker), so each starts
 * its own and closes it after its tests.
 */
export interface SentMail {
  to: string[];
  /** The message as sent (headers and quoted-printable body). */
  raw: string;
}

export interface SmtpSink {
  /** Every message received so far, in arrival order. */
  mails: SentMail[];
  close(): Promise<void>;
}

/** The text of a quoted-printable UTF-8 body: soft line breaks joined, =XX bytes decoded. */
export const decodeQuotedPrintable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

export async function startSmtpSink(port: number): Promise<SmtpSink> {
  const mails: SentMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        raw += chunk;
      });
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((address) => address.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
  return { mails, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}
