import type { DocumentoProveedorClave, ProveedorRow, TipoConsulta } from "@portal/contracts";
import { Forbidden } from "../../lib/errors";
import { isEmpleado, isProveedor, type SessionUser } from "../../lib/session-user";
import { archivoUrl } from "../archivos/service";
import { toSociedadProveedorRow } from "../sociedades/de-proveedor";
import type { ProveedoresDeps } from "./deps";
import { diasEntre, estados, isoDate, type Proveedor, registroCompleto, VIGENCIA_DIAS } from "./documentos";

type RowsDeps = Pick<ProveedoresDeps, "data" | "clock" | "lista69b">;

/** The suppliers' rows as the catalogue and the profile show them (spec §7 proveedores). */
function toRows({ data, clock, lista69b }: RowsDeps) {
  const { repos } = data;
  const repo = repos.proveedores;
  return async (list: Proveedor[], paraEmpleado: boolean): Promise<ProveedorRow[]> => {
    const codes = list.map((p) => p.cardCode);
    const [socs, docs, en69b] = await Promise.all([
      repos.sociedades.deProveedores(codes),
      repo.documentosDe(codes),
      // Screening: every supplier's RFC against the 69-B list in force, at every read (issue 15).
      // Decision 073: a foreign supplier's generic RFC names no one; it is not screened.
      lista69b.query(list.filter((p) => p.tipo !== "extranjero").map((p) => p.rfc)),
    ]);
    const today = isoDate(clock());
    return list.map((p, i) => {
      const e = estados(
        p,
        docs.filter((d) => d.cardCode === p.cardCode),
      );
      const grupo = (clave: DocumentoProveedorClave) => {
        const vigencia = VIGENCIA_DIAS[clave];
        const s = e[clave];
        return {
          Val: s.val,
          Dias: s.archivoId && s.fecha && vigencia !== null ? vigencia - diasEntre(s.fecha, today) : null,
          Fecha: s.archivoId ? s.fecha : null,
          Archivo: archivoUrl(s.archivoId),
        };
      };
      const { Val: _sinVal, ...caratula } = grupo("CaratulaBancaria");
      return {
        Fila: i + 1,
        CardCode: p.cardCode,
        U_SYS_PMTYPE: p.tipoPersona === "F" ? "F" : "M",
        CardName: p.cardName,
        LicTradNum: p.rfc,
        Phone1: p.telefono,
        E_Mail: p.email,
        CntctPrsn: p.contacto,
        U_SYS_PMPASS: "",
        U_SYS_PMESPR: p.estatusRegistro === "C" ? "C" : p.estatusRegistro === "R" ? "R" : "P",
        U_SYS_PMESRE: p.estatus === "A" ? "A" : "I",
        MOTRECHAZO: p.motivoRechazo,
        sociedades: socs.filter((s) => s.cardCode === p.cardCode).map((s, j) => toSociedadProveedorRow(s, j + 1)),
        ActaConstitutiva: grupo("ActaConstitutiva"),
        IdentificacionOficial: grupo("IdentificacionOficial"),
        ComprobanteDomicilio: grupo("ComprobanteDomicilio"),
        CedulaFiscal: grupo("CedulaFiscal"),
        EstadoCuenta: grupo("EstadoCuenta"),
        OpinionCumplimiento: grupo("OpinionCumplimiento"),
        CaratulaBancaria: caratula,
        // Decision 073: null, "not screened", for a foreign supplier (its generic RFC names no one).
        Lista69B: p.tipo === "extranjero" ? null : en69b(p.rfc),
        Tipo: p.tipo === "extranjero" ? ("extranjero" as const) : ("nacional" as const),
        Pais: p.pais,
        NumRegIdTrib: p.numRegIdTrib,
        // Issue 27: "retener pagos por complementos atrasados", an employee's flag shown to employees only.
        ...(paraEmpleado ? { RetenerPagos: p.retenerPagos ? ("Y" as const) : ("N" as const) } : {}),
        // Issue 39: the administrator's agricultural-activity flag (RESICO without the 1.25 %), for employees only.
        ...(paraEmpleado ? { ResicoAgapes: p.resicoAgapes ? ("Y" as const) : ("N" as const) } : {}),
      };
    });
  };
}

/** The reads: the catalogue and profile rows, and the supplier whose registration is complete. */
export function proveedorQueries(deps: RowsDeps) {
  const { data, clock } = deps;
  const repo = data.repos.proveedores;
  const rowsOf = toRows(deps);
  return {
    /** The supplier, when its registration is complete (registroCompleto); otherwise undefined. */
    async conRegistroCompleto(cardCode: string): Promise<Proveedor | undefined> {
      const p = await repo.findByCardCode(cardCode);
      if (!p) return undefined;
      return registroCompleto(p, await repo.documentosDe([cardCode]), isoDate(clock())) ? p : undefined;
    },

    /** Lista: the catalogue, for employees. Perfil: the calling supplier's own row, and nothing else. */
    async rows(user: SessionUser, tipo: TipoConsulta): Promise<ProveedorRow[]> {
      if (tipo === "Perfil") {
        if (!isProveedor(user)) throw new Forbidden();
        const own = await repo.findByCardCode(user.id);
        return own ? rowsOf([own], false) : [];
      }
      if (!isEmpleado(user)) throw new Forbidden();
      return rowsOf(await repo.list(), true);
    },
  };
}
