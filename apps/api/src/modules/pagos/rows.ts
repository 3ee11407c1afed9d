import { ARCHIVO_URL_PREFIX, type PagoRow, situacionComplemento } from "@portal/contracts";
import type { ErpPago } from "../../erp/types";
import type { Data } from "../../repositories";
import type { PagosDeps } from "./deps";
import type { ComplementoRecord, PagosRepository } from "./repository";
import { withMethod } from "./shared";

const url = (archivoId: string | null) => (archivoId ? `${ARCHIVO_URL_PREFIX}${archivoId}` : "");
const fecha = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

type Sociedad = Awaited<ReturnType<PagosRepository["sociedadesPorBd"]>>[number];
type ProveedorPortal = Awaited<ReturnType<PagosRepository["proveedoresPorCardCode"]>>[number];
type EstadoSat = Awaited<ReturnType<Data["repos"]["satEstado"]["deDocumentos"]>>[number];

/** Everything one row is joined from besides its ERP payment, read once for the whole list. */
interface RowSources {
  porPago: Map<string, ComplementoRecord>;
  sat: Map<number, EstadoSat>;
  sociedad: Map<string, Sociedad>;
  proveedor: Map<string, ProveedorPortal>;
  cp: Map<string, string>;
  metodos: Map<string, string>;
  paraEmpleado: boolean;
  hoy: string;
}

/** The invoices a payment settles, as its row's Detalle. */
const detalleOf = (metodos: Map<string, string>, p: ErpPago) =>
  withMethod(metodos, p).map((f) => ({
    FolioSAP: f.facturaDocNum,
    FolioFactura: f.folio,
    UUID: f.uuid,
    FechaFactura: f.fecha,
    Total: f.sumApplied,
    MetodoPago: f.MetodoPago,
  }));

/** The SAT's columns of a row (issue 15): employees only, for a record with a complement. */
const satColumns = (src: RowSources, r: ComplementoRecord | undefined) =>
  src.paraEmpleado && r?.uuid
    ? {
        EstadoSAT: (src.sat.get(r.id)?.estado ?? "") as NonNullable<PagoRow["EstadoSAT"]>,
        PendienteSAT: src.sat.get(r.id)?.pendiente ?? false,
        EfosSAT: src.sat.get(r.id)?.validacionEfos ?? "",
      }
    : {};

/** One ERP payment's row, numbered `i + 1`, joined with the portal's record. */
function rowOf(src: RowSources, p: ErpPago, i: number): PagoRow {
  const r = src.porPago.get(`${p.bd}\u0000${p.docEntry}`);
  const s = src.sociedad.get(p.bd);
  const pr = src.proveedor.get(p.cardCode);
  const detalle = detalleOf(src.metodos, p);
  const uuid = r?.uuid ?? "";
  const estatus = r?.uuid ? r.estatus : "";
  const fechaComplemento = fecha(r?.complementoAt ?? null);
  // Issue 23: the shared rule (PUE-only needs none; late only when nothing valid was uploaded by the deadline).
  const situacion = situacionComplemento(
    {
      CANCELED: p.canceled,
      DocDate: p.docDate,
      U_SYS_PMUUID: uuid,
      U_SYS_PMESPA: estatus,
      U_SYS_PMFECA: fechaComplemento,
      Detalle: detalle,
    },
    src.hoy,
  );
  return {
    Fila: i + 1,
    IdPago: r?.id ?? null,
    NomSociedad: s?.nombre ?? p.bd,
    CardName: p.cardName,
    U_SYS_PMUUID: uuid,
    DocEntry: p.docEntry,
    DocNum: p.docNum,
    U_SYS_PMFECC: r?.fechaTimbrado ? r.fechaTimbrado.slice(0, 10) : null,
    DocDate: p.docDate,
    PymntGroup: p.formaPago,
    DocTotal: p.docTotal,
    U_SYS_PMFECA: fechaComplemento,
    U_SYS_PMESPA: estatus,
    CANCELED: p.canceled,
    U_SYS_PMCOMC: url(r?.comprobanteArchivoId ?? null),
    U_SYS_PMPDFC: url(r?.pdfArchivoId ?? null),
    U_SYS_PMXMLC: url(r?.xmlArchivoId ?? null),
    U_SYS_PMSNBD: p.bd,
    DocCur: p.docCur,
    U_SYS_PMPARE: "",
    RFCEmisor: pr?.rfc ?? "",
    RFCReceptor: s?.rfc ?? "",
    CPEmisor: src.cp.get(`${p.bd}\u0000${p.cardCode}`) ?? "",
    CPReceptor: s?.cp ?? "",
    Uso: "CP01",
    Regimen: s?.regimen ?? "",
    E_Mail: pr?.email ?? "",
    Detalle: detalle,
    ComplementoVencido: situacion.vencido,
    // Issue 23: the reviewer's comment on a rejected or 'Validación' complement, for the supplier too.
    Comentarios: r?.uuid && (r.estatus === "R" || r.estatus === "V") ? r.comentarios : "",
    ...(r ? { Version: r.version } : {}),
    ...satColumns(src, r),
  };
}

/** The rows of ERP payments (getPagos, the review list, the complement deadlines); built once in service.ts. */
export function paymentRows({ data, clock, erp }: Pick<PagosDeps, "data" | "clock" | "erp">) {
  const { repos } = data;
  const repo = repos.pagos;

  /** The rows of these ERP payments, numbered in list order, joined with the portal's records. */
  return async function filas(
    pagos: ErpPago[],
    registros: ComplementoRecord[],
    paraEmpleado: boolean,
    hoy = clock().toISOString().slice(0, 10),
  ): Promise<PagoRow[]> {
    const porPago = new Map(registros.map((r) => [`${r.bd}\u0000${r.pagoDocEntry}`, r]));
    // The SAT's status of each complement (issue 15), for employees.
    const sat = new Map(
      paraEmpleado
        ? (
            await repos.satEstado.deDocumentos(
              "pago",
              registros.filter((r) => r.uuid).map((r) => r.id),
            )
          ).map((e) => [e.documentoId, e])
        : [],
    );
    const bds = [...new Set(pagos.map((p) => p.bd))];
    const cardCodes = [...new Set(pagos.map((p) => p.cardCode))];
    const [sociedades, proveedoresPortal, socios, metodos] = await Promise.all([
      repo.sociedadesPorBd(bds),
      repo.proveedoresPorCardCode(cardCodes),
      erp.listProveedores({ bds, cardCode: cardCodes.length === 1 ? (cardCodes[0] as string) : null }),
      repo.metodosDePago(cardCodes.length === 1 ? (cardCodes[0] as string) : null),
    ]);
    const src: RowSources = {
      porPago,
      sat,
      sociedad: new Map(sociedades.map((s) => [s.bd, s])),
      proveedor: new Map(proveedoresPortal.map((p) => [p.cardCode, p])),
      cp: new Map(socios.map((s) => [`${s.bd}\u0000${s.cardCode}`, s.zipCode])),
      metodos,
      paraEmpleado,
      hoy,
    };
    return pagos.map((p, i) => rowOf(src, p, i));
  };
}
export type PaymentRows = ReturnType<typeof paymentRows>;
