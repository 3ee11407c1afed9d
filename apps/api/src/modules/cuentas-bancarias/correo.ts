import { CORREO_MSG } from "@portal/contracts";
import type { Repositories } from "../../repositories";

/** A supplier's addresses as stored (comma-separated), one by one, without blanks or repeats (any case). */
export function addressesOf(...lists: readonly string[]): string[] {
  const out = new Map<string, string>();
  for (const list of lists) {
    for (const a of list.split(",")) {
      const trimmed = a.trim();
      if (trimmed && !out.has(trimmed.toLowerCase())) out.set(trimmed.toLowerCase(), trimmed);
    }
  }
  return [...out.values()];
}

/**
 * A notice about the supplier's bank account (issue 41 item 2), through the outbox of the caller's transaction, to
 * `para` — every address the supplier had when the request was entered and every one it has now, so whoever took
 * over the account cannot silence the others. Nothing is queued without an address.
 */
export async function notifyCuentaBancaria(
  tx: Pick<Repositories, "correo">,
  para: readonly string[],
  cardName: string,
  asunto: string,
  parrafos: readonly string[],
  now: Date,
): Promise<void> {
  if (para.length === 0) return;
  await tx.correo.enqueue(
    {
      para: para.join(", "),
      asunto: CORREO_MSG.asunto(asunto),
      texto: [
        CORREO_MSG.saludoProveedor(cardName),
        "",
        ...parrafos.flatMap((p, i) => (i === 0 ? [p] : ["", p])),
        "",
        CORREO_MSG.cierre,
      ].join("\n"),
    },
    now,
  );
}
