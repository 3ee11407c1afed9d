import {
  ARCHIVO_URL_PREFIX,
  NOTA_CREDITO_MSG,
  type NotaCreditoDetalle,
  type NotaCreditoRow,
  type RelacionNotaCredito,
} from "@portal/contracts";
import { NotFound } from "../../lib/errors";
import { isProveedor, type SessionUser } from "../../lib/session-user";
import { comoHistorial } from "../auditoria/repository";
import { reviewWindowStart } from "../revision/review-kit";
import type { NotaCreditoListada } from "./repository";
import { money, type NotasCreditoContext } from "./shared";

/** The XML's date as YYYY-MM-DD. */
const dia = (fecha: string) => fecha.slice(0, 10);

/**
 * Issue 36: where an accepted credit note stands with the ERP, as the invoices' EstadoERP; the ERP's message (or
 * why it waits: an invoice it credits not in the ERP yet) goes to employees only.
 */
function erpDe(n: NotaCreditoListada, paraEmpleado: boolean): Pick<NotaCreditoRow, "EstadoERP" | "ErrorERP"> {
  const creada = n.erpDocNum !== null || n.trabajoEstado === "hecho";
  const estado =
    n.estatus !== "A" || n.trabajoEstado === null
      ? ""
      : creada
        ? "creada"
        : (n.trabajoEstado as "pendiente" | "fallido");
  const espera = estado === "pendiente" && n.esperaFolio !== null;
  const error =
    estado === "" || creada ? "" : espera ? NOTA_CREDITO_MSG.erpFacturaPendiente(n.esperaFolio ?? "") : n.trabajoError;
  // A supplier's row has no ErrorERP key at all (as the invoices').
  return paraEmpleado ? { EstadoERP: estado, ErrorERP: error } : { EstadoERP: estado };
}

/**
 * Issue 39: the note's relation groups as its CFDI has them; a row stored without them (before the portal kept
 * them, or written by hand) reads as one group: its type with the invoices it credits.
 */
const relacionesDe = (n: NotaCreditoListada): RelacionNotaCredito[] =>
  n.relaciones.length > 0
    ? n.relaciones
    : [{ TipoRelacion: n.tipoRelacion, UUIDs: n.facturas.map((f) => f.uuid.toUpperCase()) }];

function toRow(n: NotaCreditoListada, fila: number, paraEmpleado: boolean): NotaCreditoRow {
  return {
    Fila: fila,
    IdNotaCredito: n.id,
    NomSociedad: n.nomSociedad,
    CardCode: n.cardCode,
    CardName: n.cardName,
    BD: n.bd,
    FolioNotaCredito: n.folio,
    UUID: n.uuid,
    TipoRelacion: n.tipoRelacion,
    Relaciones: relacionesDe(n),
    FechaNotaCredito: dia(n.fechaCfdi),
    Total: money(n.total),
    Moneda: n.moneda,
    Estatus: n.estatus as NotaCreditoRow["Estatus"],
    Comentarios: n.comentarios,
    Version: n.version,
    PDF: `${ARCHIVO_URL_PREFIX}${n.pdfArchivoId}`,
    XML: `${ARCHIVO_URL_PREFIX}${n.xmlArchivoId}`,
    DocNumERP: n.erpDocNum,
    ...erpDe(n, paraEmpleado),
    Facturas: n.facturas.map((f) => ({
      IdFactura: f.facturaId,
      FolioFactura: f.folio,
      UUID: f.uuid,
      Importe: f.importe,
    })),
  };
}

/** The lists and their tiles: the supplier's (or every) credit note, and the review's. */
export function listQueries({ clock, repo }: Pick<NotasCreditoContext, "clock" | "repo">) {
  return {
    /** getNotasCredito: the supplier's own; every one for employees; only one invoice's when `idFactura` is given. */
    async list(user: SessionUser, idFactura?: number): Promise<NotaCreditoRow[]> {
      const proveedor = isProveedor(user);
      return (await repo.list(proveedor ? user.id : null, idFactura)).map((n, i) => toRow(n, i + 1, !proveedor));
    },
    /** The 'Notas de crédito' tile: the length of the same user's list. */
    count: (user: SessionUser) => repo.count(isProveedor(user) ? user.id : null),
    /** notasCreditoPendientes/getNotasCredito: Pendiente and Rechazada, and those accepted in the last 30 days. */
    async pendientes(_user: SessionUser): Promise<NotaCreditoRow[]> {
      return (await repo.pendientes(reviewWindowStart(clock))).map((n, i) => toRow(n, i + 1, true));
    },
    /** The 'Notas de crédito pendientes' tile: those awaiting a decision. */
    countPendientes: () => repo.countPendientes(),
    /**
     * getNotaCredito (issue 40, decision 065): one credit note for its detail, with its Historial. A supplier reads
     * only its own (another supplier's id answers as one that does not exist, 404); employees read every one, as
     * their list shows every one. The row's Fila is 1: the detail is addressed by its id, not by a list position.
     */
    async detalle(user: SessionUser, id: number): Promise<NotaCreditoDetalle> {
      const proveedor = isProveedor(user);
      const nota = await repo.listada(id);
      if (!nota || (proveedor && nota.cardCode !== user.id)) throw new NotFound(NOTA_CREDITO_MSG.noExiste);
      const historial = await repo.historial(id);
      return { NotaCredito: toRow(nota, 1, !proveedor), Historial: historial.map(comoHistorial) };
    },
  };
}
