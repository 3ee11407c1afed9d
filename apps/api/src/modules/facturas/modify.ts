import { EXTRANJERO_MSG, MSG, type PatchFacturaRequest } from "@portal/contracts";
import { Invalid, NotFound, refusal } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-user";
import { decodeArchivo } from "../archivos/upload-kit";
import { modoFacturado, storedPart, withQuantityRace } from "./partes";
import { comoEntrada, pedidosElegidos } from "./pedidos-servicio";
import { FACTURA_MSG } from "./reglas";
import type { FacturaRecord } from "./repository";
import {
  checkArchivos,
  checkXml,
  conCarrera,
  type FacturasContext,
  imageMime,
  sociedadDe,
  valoresDelXml,
} from "./shared";
import { candidatasDe, lineaBaseDe, takeoverOf } from "./takeover";

type ModifyDeps = Pick<
  FacturasContext,
  "data" | "clock" | "proveedores" | "lista69b" | "sellos" | "satEstado" | "repo" | "pedidasErp" | "erp"
>;
type CheckedCorrection = Awaited<ReturnType<typeof checkCorrection>>;

/**
 * patchfactura: only the owner, only while not Aceptada; files replaced only when sent; the update form's
 * rule differences of §5; a corrected Rechazada goes back to Pendiente; every change audited.
 */
export function modifyOperation(deps: ModifyDeps) {
  return async (user: SessionUser, input: PatchFacturaRequest): Promise<string> => {
    const checked = await checkCorrection(deps, user, input);
    await saveCorrection(deps, user, checked);
    const { xmlNuevo, datos, actual } = checked;
    return MSG.facturaActualizada(xmlNuevo ? datos.Folio : actual.folio);
  };
}

/**
 * What the corrected invoice bills, read again from the ERP: its receipts (whole, or reduced to the part it bills,
 * decision 074) or, for an invoice billing order lines (decision 077), its orders reduced to those lines. `docs` are
 * the documents whole (a takeover compares them), `entradas` what the §5 checks compare the CFDI with.
 */
async function loQueFactura(deps: ModifyDeps, user: SessionUser, actual: FacturaRecord) {
  const { repo, pedidasErp, erp } = deps;
  const lineas = (await repo.lineasDe([actual.id])).get(actual.id) ?? [];
  if (!actual.pedido) {
    const refs = (await repo.entradasDe([actual.id])).get(actual.id) ?? [
      { docNum: actual.entradaDocNum, docEntry: actual.entradaDocEntry },
    ];
    const docs = await pedidasErp.pedidas(user.id, actual.bd, refs);
    return { refs, docs, lineas, entradas: await storedPart(repo, actual.id, docs) };
  }
  // A replacement's orders may have been closed by the A/P invoice it takes over.
  const propios = new Set(lineas.map((l) => l.EntradaDocEntry));
  const pedidas = lineas.map((l) => ({ PedidoDocEntry: l.EntradaDocEntry, LineNum: l.LineNum, Cantidad: l.Cantidad }));
  const elegidos = await pedidosElegidos(
    erp,
    actual.bd,
    actual.cardCode,
    pedidas,
    actual.sustituyeAId === null ? new Set() : propios,
  );
  if (elegidos.errores.length > 0) throw refusal(elegidos.errores);
  const docs = elegidos.pedidos.map(comoEntrada);
  const refs = docs.map((d) => ({ docNum: d.docNum, docEntry: d.docEntry }));
  return { refs, docs, lineas, entradas: await storedPart(repo, actual.id, docs) };
}

/** Every check of a correction, every failing message at once; then the SAT. */
async function checkCorrection(deps: ModifyDeps, user: SessionUser, input: PatchFacturaRequest) {
  const { repo, proveedores, satEstado } = deps;
  const actual = await repo.findById(input.IdFactura);
  // Another supplier's invoice answers like a missing one.
  if (!actual || actual.cardCode !== user.id) throw new NotFound(MSG.facturaNoExiste);
  if (actual.estatus === "A") throw new Invalid(FACTURA_MSG.facturaAceptada(actual.folio));
  // Decision 073: an invoice without CFDI has no XML to read again; a rejected one is registered anew.
  if (actual.xmlArchivoId === null) throw new Invalid(EXTRANJERO_MSG.facturaExtranjeraSinActualizacion);
  if (input.RazonSocial !== actual.bd || input.BD !== actual.bd || input.EntradaMercancia !== actual.entradaDocNum) {
    throw new Invalid(FACTURA_MSG.cambioDeEntrada);
  }
  const proveedor = await proveedores.conRegistroCompleto(user.id);
  if (!proveedor) throw new Invalid(MSG.registroIncompletoFacturas);
  const sociedad = await sociedadDe(repo, user, actual.bd);
  if (!sociedad) throw new Invalid(FACTURA_MSG.sociedadNoVinculada);
  const { refs, docs, lineas, entradas } = await loQueFactura(deps, user, actual);

  const pdf = input.PDF && input.PDF64 ? decodeArchivo(input.PDF, input.PDF64) : null;
  const xmlNuevo = input.XML && input.XML64 ? decodeArchivo(input.XML, input.XML64) : null;
  const recepcion = input.Recepcion && input.Recepcion64 ? decodeArchivo(input.Recepcion, input.Recepcion64) : null;
  // Issue 23: a correction changes a file; without one the same files would go back to review.
  if (!pdf && !xmlNuevo && !recepcion) throw new Invalid(MSG.correccionSinArchivo);
  const errores = checkArchivos(pdf, xmlNuevo, recepcion);
  const xmlBytes = xmlNuevo?.bytes ?? (await deps.data.repos.archivos.findContent(actual.xmlArchivoId));
  if (!xmlBytes) throw new NotFound(MSG.facturaNoExiste);
  const { datos, errores: delXml } = await checkXml(deps, new Uint8Array(xmlBytes), "actualizacion", {
    proveedor: { cardName: proveedor.cardName, rfc: proveedor.rfc, resicoAgapes: proveedor.resicoAgapes },
    sociedad,
    // Issue 42 (decisions 074, 077): a partial invoice is compared with the part it bills; an order has no CP.
    entradas,
    enviado: input,
    sinCpEmisor: actual.pedido,
  });
  errores.push(...delXml);
  if (datos && xmlNuevo && actual.sustituyeAId !== null) {
    // Decisions 036, 077: a replacement's new XML must still replace the same invoice with the same receipts (or
    // lines and quantities), total and currency.
    const candidatas = await candidatasDe(repo, actual.cardCode, actual.sociedadId, datos);
    const toma = takeoverOf(candidatas, datos, docs, { pedido: actual.pedido, lineas: lineas.map(lineaBaseDe) });
    if (toma && "error" in toma) errores.push(toma.error);
    else if (toma?.id !== actual.sustituyeAId) errores.push(FACTURA_MSG.sustitucionPerdida);
  }
  if (datos && (await repo.uuidTaken(datos.UUID.toUpperCase(), actual.id))) {
    errores.push(FACTURA_MSG.uuidRegistrado(datos.UUID.toUpperCase()));
  }
  if (errores.length > 0 || !datos) throw refusal(errores);
  const sat = await satEstado.queryOnUpload(new Uint8Array(xmlBytes), datos.FechaTimbrado);
  if ("rechazo" in sat) throw new Invalid(sat.rechazo);
  return { actual, refs, entradas: docs, pdf, xmlNuevo, recepcion, datos, sat };
}

/** The new files and the CFDI's columns, conditional on the invoice's version, with the SAT's status and the audit. */
async function saveCorrection(deps: ModifyDeps, user: SessionUser, checked: CheckedCorrection) {
  const { actual, refs, entradas, pdf, xmlNuevo, recepcion, datos, sat } = checked;
  const now = deps.clock();
  const nuevoEstatus = actual.estatus === "R" ? "P" : actual.estatus;
  await conCarrera(
    () =>
      // Issue 42: a corrected Rechazada takes its quantities again; another invoice may have taken them since.
      withQuantityRace(
        () =>
          deps.data.withTransaction(async (tx) => {
            const cambios: Partial<FacturaRecord> = {};
            const auditar: { campo: string; antes: string; despues: string }[] = [];
            if (pdf) {
              cambios.pdfArchivoId = await tx.archivos.store(pdf.bytes, "application/pdf");
              cambios.pdfNombre = pdf.nombre;
              auditar.push({ campo: "pdf", antes: actual.pdfNombre, despues: pdf.nombre });
            }
            if (recepcion) {
              cambios.recepcionArchivoId = await tx.archivos.store(recepcion.bytes, imageMime(recepcion.bytes));
              cambios.recepcionNombre = recepcion.nombre;
              auditar.push({ campo: "recepcion", antes: actual.recepcionNombre, despues: recepcion.nombre });
            }
            if (xmlNuevo) {
              Object.assign(cambios, valoresDelXml(datos, entradas));
              cambios.xmlArchivoId = await tx.archivos.store(xmlNuevo.bytes, "text/xml");
              cambios.xmlNombre = xmlNuevo.nombre;
              auditar.push({
                campo: "xml",
                antes: `${actual.xmlNombre} (${actual.uuid})`,
                despues: `${xmlNuevo.nombre} (${datos.UUID.toUpperCase()})`,
              });
            }
            if (nuevoEstatus !== actual.estatus)
              auditar.push({ campo: "estatus", antes: actual.estatus, despues: nuevoEstatus });
            // Only if nobody changed the invoice since this call read it (issue 22): the SAT's answer may take
            // seconds, and a reviewer who accepted or decided meanwhile wins; the supplier reloads and sees it.
            const corregida = await tx.facturas.correct(actual.id, actual.version, {
              ...cambios,
              estatus: nuevoEstatus,
              updatedAt: now,
            });
            if (!corregida) throw new Invalid(FACTURA_MSG.correccionDesactualizada(actual.folio));
            await deps.satEstado.save(tx, "factura", actual.id, sat.registro);
            for (const a of auditar) {
              const change = { campo: a.campo, from: a.antes, to: a.despues, comment: MSG.correccionDelProveedor };
              await tx.auditoria.recordChange(user, { entidad: "factura", id: actual.id, ...change }, now);
            }
          }),
        refs.map((r) => r.docNum),
        modoFacturado(actual),
      ),
    datos.UUID.toUpperCase(),
    refs.map((r) => r.docNum),
  );
}
