/**
 * The mail server of the load test: a real SMTP server (smtp-server) on a loopback port, kept across a
 * `shut`/`open` (the fault "SMTP unreachable": the listening socket closes, then opens again on the same port).
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CorreoRecibido {
  para: string[];
  /** The message without the headers that differ between two sends of one message (Message-ID, Date). */
  clave: string;
  /** Its Message-ID: the portal gives every outbox message one, the same on every attempt. */
  messageId: string;
}

export interface ServidorCorreo {
  port: number;
  recibidos: CorreoRecibido[];
  /** Closes the listening socket and every open connection: the portal's sends fail. */
  shut(): Promise<void>;
  /** Listens again on the same port. */
  open(): Promise<void>;
  halt(): Promise<void>;
}

/** The parts of a message that identify it: headers that change per send attempt left out. */
const claveDe = (raw: string) =>
  raw
    .replace(/\r\n[ \t]+/g, " ")
    .split(/\r?\n/)
    .filter((l) => !/^(message-id|date|x-mailer):/i.test(l))
    // multipart boundaries are random per send attempt too
    .join("\n")
    .replace(/--_?[-_=A-Za-z0-9.]{16,}/g, "--B")
    .replace(/boundary="[^"]*"/g, 'boundary="B"');

export async function startMailServer(): Promise<ServidorCorreo> {
  const recibidos: CorreoRecibido[] = [];
  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          recibidos.push({
            para: session.envelope.rcptTo.map((r) => r.address),
            clave: claveDe(raw),
            messageId: /^message-id:\s*(\S+)/im.exec(raw)?.[1] ?? "",
          });
          callback();
        });
      },
    });
  let server = create();
  // A client dropped mid-session (a portal process killed, the fault closing sockets) is not this server's fault.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  let abierto = true;
  const shut = async () => {
    if (!abierto) return;
    abierto = false;
    const s = server;
    await new Promise<void>((resolve) => {
      s.close(() => resolve());
      // smtp-server waits for its clients to quit: end them now, as a host going away does.
      (s.server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      for (const c of (s as unknown as { connections?: Set<{ close?: () => void }> }).connections ?? []) c.close?.();
    });
  };
  return {
    port,
    recibidos,
    shut,
    async open() {
      if (abierto) return;
      server = create();
      server.on("error", () => {});
      await new Promise<void>((resolve, reject) => {
        server.server.once("error", reject);
        server.listen(port, "127.0.0.1", () => resolve());
      });
      abierto = true;
    },
    halt: shut,
  };
}
