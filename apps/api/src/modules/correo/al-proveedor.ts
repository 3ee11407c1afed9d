import { CORREO_MSG } from "@portal/contracts";
import type { Repositories } from "../../repositories";

/**
 * Mail to a supplier about a decision on its documents, through the outbox of the caller's transaction: only at
 * the supplier's stored addresses (a request's Correo is never used), with the greeting and the closing every
 * such message has. Nothing is queued when the supplier has no address.
 */
export async function notifyProveedor(
  tx: Pick<Repositories, "proveedores" | "correo">,
  cardCode: string,
  asunto: string,
  parrafos: string[],
  now: Date,
): Promise<void> {
  const proveedor = await tx.proveedores.findByCardCode(cardCode);
  const para = (proveedor?.email ?? "")
    .split(",")
    .map((c) => c.trim())
    .filter(Boolean);
  if (para.length === 0) return;
  await tx.correo.enqueue(
    {
      para: para.join(", "),
      asunto: CORREO_MSG.asunto(asunto),
      texto: [
        CORREO_MSG.saludoProveedor(proveedor?.cardName ?? ""),
        "",
        ...parrafos.flatMap((p, i) => (i === 0 ? [p] : ["", p])),
        "",
        CORREO_MSG.cierre,
      ].join("\n"),
    },
    now,
  );
}
