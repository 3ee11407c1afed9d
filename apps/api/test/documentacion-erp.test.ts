import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MAX_INTENTOS as CORREO_MAX_INTENTOS } from "../src/modules/correo/service";
import { ERP_MAX_INTENTOS, ERP_VENTANA_DESPERTAR_MS, erpBackoffMs } from "../src/modules/erp-outbox/service";

/**
 * Issue 36, item 7: docs/operations.md said 12 ERP tries where the code had 14. What operations read about the
 * outboxes' retries is checked against the constants the code runs on, so the two cannot drift apart again.
 */
const read = (ruta: string) => readFileSync(new URL(`../../../${ruta}`, import.meta.url), "utf8").replace(/\s+/g, " ");
const operaciones = read("docs/operations.md");
const arquitectura = read("docs/architecture.md");

describe("the retries the documentation states are the code's", () => {
  it("the ERP outbox: tries, backoff, how long they last and the wake-up window", () => {
    const intentos = Number(/The ERP outbox \([^)]*; (\d+) tries with backoff/.exec(operaciones)?.[1]);
    expect(intentos).toBe(ERP_MAX_INTENTOS);
    const [, primero, tope] = /(\d+) s doubling up to (\d+) h/.exec(operaciones) ?? [];
    expect(Number(primero) * 1_000).toBe(erpBackoffMs(1));
    expect(Number(tope) * 3_600_000).toBe(erpBackoffMs(100));
    // The last try comes after the backoffs of the ones before it.
    const total = Array.from({ length: ERP_MAX_INTENTOS - 1 }, (_, i) => erpBackoffMs(i + 1)).reduce(
      (a, b) => a + b,
      0,
    );
    expect(Number(/about (\d+) hours/.exec(operaciones)?.[1])).toBe(Math.floor(total / 3_600_000));
    expect(Number(/at a random point of the next (\d+) s/.exec(operaciones)?.[1]) * 1_000).toBe(
      ERP_VENTANA_DESPERTAR_MS,
    );
  });

  it("the mail outbox: tries", () => {
    expect(Number(/`fallido` grows: (\d+) tries/.exec(operaciones)?.[1])).toBe(CORREO_MAX_INTENTOS);
    expect(Number(/up to (\d+) tries\), so an SMTP outage loses nothing/.exec(arquitectura)?.[1])).toBe(
      CORREO_MAX_INTENTOS,
    );
  });
});
