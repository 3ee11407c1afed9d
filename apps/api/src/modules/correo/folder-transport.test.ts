import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { folderTransport, mailTransportFor } from "./service";

/** The demo's mailbox (`npm start`, CORREO_CARPETA): whole messages in text files, the log only says where. */
describe("folderTransport", () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  async function capture() {
    const lines: string[] = [];
    const log = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
    const dir = await mkdtemp(join(tmpdir(), "correo-"));
    dirs.push(dir);
    return { lines, log, dir: join(dir, "correo") };
  }

  it("writes each message as a text file with its link, and logs the file without the text", async () => {
    const { lines, log, dir } = await capture();
    const send = folderTransport(dir, log);
    await send({
      from: "Portal <no-responder@portal.local>",
      to: "ana@example.com",
      subject: "Portal de Proveedores: restablecer su contraseña",
      text: "Abra http://127.0.0.1:3000/RestablecerPassword?token=abc123secreto antes de 30 minutos.",
    });
    await send({ from: "Portal <no-responder@portal.local>", to: "b@example.com", subject: "Otro", text: "Hola" });
    const files = (await readdir(dir)).filter((f) => f.endsWith(".txt"));
    expect(files).toHaveLength(2);
    const texts = await Promise.all(files.map((f) => readFile(join(dir, f), "utf8")));
    const reset = texts.find((t) => t.includes("Para: ana@example.com"));
    expect(reset).toContain("token=abc123secreto");
    expect(reset).toMatch(/^Asunto: Portal de Proveedores: restablecer su contraseña$/m);
    expect(lines.join("\n")).not.toContain("abc123secreto");
    expect(lines.join("\n")).toContain("correo guardado en archivo");
  });

  it("is chosen only without SMTP and with CORREO_CARPETA", async () => {
    const { lines, log, dir } = await capture();
    const viaFolder = mailTransportFor(loadConfig({ NODE_ENV: "test", CORREO_CARPETA: dir }), log);
    await viaFolder({ from: "a@b.c", to: "c@d.e", subject: "S", text: "T" });
    expect(await readdir(dir)).toHaveLength(1);
    const viaLog = mailTransportFor(loadConfig({ NODE_ENV: "test" }), log);
    await viaLog({ from: "a@b.c", to: "f@g.h", subject: "S", text: "T" });
    expect(await readdir(dir)).toHaveLength(1);
    expect(lines.some((line) => line.includes("correo (sin SMTP configurado)"))).toBe(true);
  });
});
