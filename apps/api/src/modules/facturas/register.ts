import { EXTRANJERO_MSG, MSG, type PostFacturaRequest } from "@portal/contracts";
import { mismaEntrada } from "@portal/db";
import { Invalid, refusal } from "../../lib/errors";
import { createPhaseTimer } from "../../lib/phase-timer";
import type { SessionUser } from "../../lib/session-user";
import { decodeArchivo } from "../archivos/upload-kit";
import { refDe, refsDelEnvio } from "./entradas-pedidas";
import { heldInParts, heldReceiptErrors, planPartial, withQuantityRace } from "./partes";
import { invoicesWithCfdi } from "./register-extranjera";
import { FACTURA_MSG } from "./reglas";
import {
  checkArchivos,
  checkXml,
  conCarrera,
  type FacturasContext,
  imageMime,
  sociedadDe,
  valoresDelXml,
} from "./shared";
import { candidatasDe, lineasSustituibles, takeoverOf } from "./takeover";

type RegisterDeps = Pick<
  FacturasContext,
  "data" | "clock" | "proveedores" | "lista69b" | "sellos" | "satEstado" | "warn" | "repo" | "pedidasErp"
>;
type PhaseTimer = ReturnType<typeof createPhaseTimer>;
type CheckedRegistration = Awaited<ReturnType<typeof checkRegistration>>;

/** postFactura: checks everything, then the invoice, its three files and an audit entry in one transaction. */
export function registerOperation(deps: RegisterDeps) {
  return async (user: SessionUser, input: PostFacturaRequest): Promise<string> => {
    const phases = createPhaseTimer();
    const checked = await checkRegistration(deps, user, input, phases);
    await saveRegistration(deps, user, checked);
    phases.mark("transacción");
    const slow = phases.summaryIfSlow();
    if (slow) deps.warn(undefined, `postFactura lenta: ${slow}`);
    return MSG.facturaRegistrada;
  };
}

/** Every check of a registration, every failing message at once; then the SAT. */
async function checkRegistration(deps: RegisterDeps, user: SessionUser, input: PostFacturaRequest, phases: PhaseTimer) {
  const { proveedores, repo, pedidasErp, satEstado } = deps;
  const proveedor = await proveedores.conRegistroCompleto(user.id);
  if (!proveedor) throw new Invalid(MSG.registroIncompletoFacturas);
  // Decision 073: a foreign supplier issues no CFDI; its invoices go through postFacturaExtranjera.
  if (!invoicesWithCfdi(proveedor.tipo)) throw new Invalid(EXTRANJERO_MSG.cfdiNoParaExtranjero);
  const sociedad = await sociedadDe(repo, user, input.RazonSocial);
  if (!sociedad) throw new Invalid(FACTURA_MSG.sociedadNoVinculada);
  // Issue 27: one receipt or several (the contract refused an empty list, repeats and too many). Issue 37
  // (decision 051): by DocEntry when the client sends it; ordered by number, then DocEntry.
  const entradas = await pedidasErp.pedidas(
    user.id,
    sociedad.bdSap,
    refsDelEnvio(input.EntradaMercancia, input.EntradaDocEntry),
  );
  const refs = entradas.map(refDe);
  const pdf = decodeArchivo(input.PDF, input.PDF64);
  const xml = decodeArchivo(input.XML, input.XML64);
  const recepcion = decodeArchivo(input.Recepcion, input.Recepcion64);
  // Decision 077: the accepted invoices the CFDI names with TipoRelacion 04, whose lines it may bill again.
  const candidatas = await candidatasDe(repo, proveedor.cardCode, sociedad.id, xml.bytes);
  // Issue 42 (decision 074): the lines and quantities chosen, when the CFDI bills part of its receipts.
  const parcial = (input.Lineas ?? []).length > 0;
  const partes = parcial
    ? await planPartial(repo, sociedad.bdSap, entradas, input.Lineas ?? [], lineasSustituibles(candidatas, false))
    : null;
  const enPartes = await heldInParts(repo, sociedad.bdSap, entradas);
  phases.mark("proveedor, sociedad y entrada");

  const errores = [...checkArchivos(pdf, xml, recepcion), ...(partes?.errores ?? [])];
  const tomadas = await repo.entradasConFacturaActiva(sociedad.bdSap, refs);
  const { datos, errores: delXml } = await checkXml(deps, xml.bytes, "alta", {
    proveedor: { cardName: proveedor.cardName, rfc: proveedor.rfc, resicoAgapes: proveedor.resicoAgapes },
    sociedad,
    entradas: partes?.plan.entradas ?? entradas,
    enviado: { ...input, Total: input.Total },
  });
  // Decision 036: a replacement CFDI takes over the A/P invoice of the accepted invoice holding its receipts
  // (which that A/P invoice closed in the ERP).
  // Decision 077: a partial invoice's replacement bills the same lines and quantities.
  const lineas = partes?.plan.lineas ?? [];
  const toma = datos ? takeoverOf(candidatas, datos, entradas, { pedido: false, lineas }) : null;
  const sustituyeA = toma && "id" in toma ? toma : null;
  if (toma && "error" in toma) errores.push(toma.error);
  for (const e of entradas) {
    if (e.docStatus !== "O" && !sustituyeA) errores.push(FACTURA_MSG.entradaCerrada(e.docNum));
  }
  // Issue 42: partial invoices share a receipt by quantity; a whole-receipt holder excludes them.
  const ajenas = tomadas.filter((n) => !sustituyeA?.entradas.some((v) => mismaEntrada(v, n)));
  errores.push(...heldReceiptErrors(ajenas, enPartes, parcial));
  errores.push(...delXml);
  if (datos && (await repo.uuidTaken(datos.UUID.toUpperCase()))) {
    errores.push(FACTURA_MSG.uuidRegistrado(datos.UUID.toUpperCase()));
  }
  if (errores.length > 0 || !datos) throw refusal(errores);
  phases.mark("archivos, sellos y reglas");
  // The SAT, last and outside the transaction (it may take seconds; PGlite has one connection).
  const sat = await satEstado.queryOnUpload(xml.bytes, datos.FechaTimbrado);
  phases.mark("consulta al SAT");
  if ("rechazo" in sat) throw new Invalid(sat.rechazo);
  return { proveedor, sociedad, entradas, refs, pdf, xml, recepcion, datos, sustituyeA, sat, lineas };
}

/** The invoice, its three files, its receipts, the SAT's status and an audit entry, in one transaction. */
async function saveRegistration(deps: RegisterDeps, user: SessionUser, checked: CheckedRegistration) {
  const { proveedor, sociedad, entradas, refs, pdf, xml, recepcion, datos, sustituyeA, sat, lineas } = checked;
  const docNums = refs.map((r) => r.docNum);
  const now = deps.clock();
  const parcial = lineas.length > 0;
  await conCarrera(
    () =>
      // Issue 42: of two uploads for the last units, the second fails the counters' check (decision 074).
      withQuantityRace(
        () =>
          deps.data.withTransaction(async (tx) => {
            const [pdfId, xmlId, recepcionId] = [
              await tx.archivos.store(pdf.bytes, "application/pdf"),
              await tx.archivos.store(xml.bytes, "text/xml"),
              await tx.archivos.store(recepcion.bytes, imageMime(recepcion.bytes)),
            ];
            const id = await tx.facturas.insert({
              ...valoresDelXml(datos, entradas),
              cardCode: proveedor.cardCode,
              sociedadId: sociedad.id,
              bd: sociedad.bdSap,
              entradaDocNum: refs[0]!.docNum,
              entradaDocEntry: refs[0]!.docEntry,
              pdfArchivoId: pdfId,
              pdfNombre: pdf.nombre,
              xmlArchivoId: xmlId,
              xmlNombre: xml.nombre,
              recepcionArchivoId: recepcionId,
              recepcionNombre: recepcion.nombre,
              estatus: "P",
              sustituyeAId: sustituyeA?.id ?? null,
              parcial,
              createdAt: now,
              updatedAt: now,
            });
            await tx.facturas.addEntradas(id, sociedad.bdSap, refs.slice(1));
            await tx.facturas.addLineas(id, sociedad.bdSap, lineas);
            await deps.satEstado.save(tx, "factura", id, sat.registro);
            const partes = parcial
              ? ` · en partes: ${lineas.map((l) => `${l.baseDocNum}/${l.baseLine} × ${l.cantidad}`).join(", ")}`
              : "";
            const registro = `P · UUID ${datos.UUID.toUpperCase()} · ${docNums.length > 1 ? "entradas" : "entrada"} ${docNums.join(", ")}${partes}`;
            await tx.auditoria.recordChange(
              user,
              { entidad: "factura", id, campo: "registro", from: "", to: registro },
              now,
            );
          }),
        docNums,
        parcial,
      ),
    datos.UUID.toUpperCase(),
    docNums,
  );
}
