import {
  type AddSociedadRequest,
  DOCUMENTOS_PROVEEDOR,
  type DocumentoProveedorClave,
  documentosRequeridosFaltantes,
  ESTATUS_ACTIVO_LABEL,
  ESTATUS_REGISTRO_LABEL,
  MSG,
  type ProveedorRow,
  type SentCorreoRequest,
  type TipoConsulta,
  type UpdateProveedorRequest,
} from "@portal/contracts";
import { hashPassword, type schema, verifyPassword } from "@portal/db";
import type { Clock } from "../../lib/clock";
import { Conflict, Forbidden, Invalid, NotFound } from "../../lib/errors";
import { isAdministrador, isEmpleado, isProveedor, type SessionUser } from "../../lib/session-user";
import type { Data } from "../../repositories";
import { archivoUrl } from "../archivos/service";
import { storePdfUpload } from "../archivos/uploads";
import type { PasswordAttempts } from "../auth/attempts";
import type { CorreoService } from "../correo/service";
import type { Lista69bService } from "../lista-69b/service";
import { toSociedadProveedorRow } from "../sociedades/de-proveedor";

type Proveedor = typeof schema.proveedores.$inferSelect;
type DocumentoGuardado = typeof schema.proveedorDocumentos.$inferSelect;
interface EstadoDocumento {
  val: "Y" | "N";
  archivoId: string | null;
  nombre: string;
  fecha: string | null;
}

/**
 * How long each document stays current, in days from the date it was loaded (the spec only says documents
 * must be updated before they expire). null = it does not expire. The tax-compliance opinion is valid 30 days
 * (SAT); proofs of address and bank statements are usually accepted when under 3 months old.
 */
export const VIGENCIA_DIAS: Record<DocumentoProveedorClave, number | null> = {
  ActaConstitutiva: null,
  IdentificacionOficial: null,
  ComprobanteDomicilio: 90,
  CedulaFiscal: 365,
  EstadoCuenta: 90,
  OpinionCumplimiento: 30,
  CaratulaBancaria: 365,
};

/** Default required flag: every document with a required message, Moral-only ones only for personas morales. */
export const valPorDefecto = (clave: DocumentoProveedorClave, tipoPersona: string): "Y" | "N" => {
  const doc = DOCUMENTOS_PROVEEDOR.find((d) => d.clave === clave)!;
  return doc.mensajeRequerido !== null && (!doc.soloMoral || tipoPersona === "M") ? "Y" : "N";
};

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const diasEntre = (desde: string, hasta: string) =>
  Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000);

function estados(p: Proveedor, guardados: DocumentoGuardado[]): Record<DocumentoProveedorClave, EstadoDocumento> {
  const result = {} as Record<DocumentoProveedorClave, EstadoDocumento>;
  for (const doc of DOCUMENTOS_PROVEEDOR) {
    const g = guardados.find((x) => x.clave === doc.clave);
    result[doc.clave] = {
      val: g ? (g.val === "Y" ? "Y" : "N") : valPorDefecto(doc.clave, p.tipoPersona),
      archivoId: g?.archivoId ?? null,
      nombre: g?.nombre ?? "",
      fecha: g?.fecha ?? null,
    };
  }
  return result;
}

/**
 * Spec §5 "the supplier's own registration must be complete" (for invoices and payments): record status Completo,
 * active, and every required document (Val Y, of its person type) loaded and not expired (days remaining >= 0).
 */
export function registroCompleto(p: Proveedor, guardados: DocumentoGuardado[], today: string): boolean {
  if (p.estatusRegistro !== "C" || p.estatus !== "A") return false;
  const e = estados(p, guardados);
  return DOCUMENTOS_PROVEEDOR.every((doc) => {
    const s = e[doc.clave];
    if ((doc.soloMoral && p.tipoPersona !== "M") || s.val !== "Y") return true;
    if (!s.archivoId) return false;
    const vigencia = VIGENCIA_DIAS[doc.clave];
    return vigencia === null || s.fecha === null || vigencia - diasEntre(s.fecha, today) >= 0;
  });
}

/** A required, loaded document that expires: its version (file and load date), days left and last valid day. */
export interface VencimientoDocumento {
  clave: DocumentoProveedorClave;
  etiqueta: string;
  archivoId: string;
  fecha: string;
  /** Validity in days from `fecha`. */
  vigencia: number;
  /** Days remaining as the profile shows them (0 on the last valid day; negative once expired). */
  dias: number;
  /** Last day it is valid (YYYY-MM-DD). */
  vence: string;
}

/**
 * The supplier's documents that count for registroCompleto and expire: required (Val Y, of its person type),
 * loaded, with a validity. Expiry reminders (recordatorios.ts) are computed from these.
 */
export function vencimientos(p: Proveedor, guardados: DocumentoGuardado[], today: string): VencimientoDocumento[] {
  const e = estados(p, guardados);
  return DOCUMENTOS_PROVEEDOR.flatMap((doc) => {
    const s = e[doc.clave];
    const vigencia = VIGENCIA_DIAS[doc.clave];
    if ((doc.soloMoral && p.tipoPersona !== "M") || s.val !== "Y" || !s.archivoId || !s.fecha || vigencia === null) {
      return [];
    }
    const vence = isoDate(new Date(Date.parse(`${s.fecha}T00:00:00Z`) + vigencia * 86_400_000));
    return [
      {
        clave: doc.clave,
        etiqueta: doc.etiqueta,
        archivoId: s.archivoId,
        fecha: s.fecha,
        vigencia,
        dias: vigencia - diasEntre(s.fecha, today),
        vence,
      },
    ];
  });
}

export function createProveedoresService(deps: {
  data: Data;
  clock: Clock;
  correo: CorreoService;
  publicUrl: string;
  lista69b: Pick<Lista69bService, "query">;
  passwordAttempts: PasswordAttempts;
}) {
  const { data, clock, correo, publicUrl, lista69b, passwordAttempts } = deps;
  const { repos, withTransaction } = data;
  const repo = repos.proveedores;
  async function toRows(list: Proveedor[], paraEmpleado: boolean): Promise<ProveedorRow[]> {
    const codes = list.map((p) => p.cardCode);
    const [socs, docs, en69b] = await Promise.all([
      repos.sociedades.deProveedores(codes),
      repo.documentosDe(codes),
      // Screening: every supplier's RFC against the 69-B list in force, at every read (issue 15).
      lista69b.query(list.map((p) => p.rfc)),
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
        Lista69B: en69b(p.rfc),
        // Issue 27: "retener pagos por complementos atrasados", an employee's flag shown to employees only.
        ...(paraEmpleado ? { RetenerPagos: p.retenerPagos ? ("Y" as const) : ("N" as const) } : {}),
      };
    });
  }

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
        return own ? toRows([own], false) : [];
      }
      if (!isEmpleado(user)) throw new Forbidden();
      return toRows(await repo.list(), true);
    },

    /**
     * A supplier updates its own contact data, password and documents; an administrator may also change the
     * master data, the record status with its rejection reason and the required flags. The active status is
     * read-only. Everything happens in one transaction: a refused upload saves nothing.
     */
    async update(user: SessionUser, input: UpdateProveedorRequest, meta: { ip: string }): Promise<string> {
      const admin = isAdministrador(user);
      if (!admin && !(isProveedor(user) && input.CardCode === user.id)) throw new Forbidden();
      const current = await repo.findByCardCode(input.CardCode);
      if (!current) throw new NotFound("El proveedor no existe.");
      if (admin && input.LicTradNum && (await repo.rfcTaken(input.LicTradNum, current.cardCode))) {
        throw new Conflict(`Ya existe un proveedor con el RFC ${input.LicTradNum}.`);
      }
      const tipoPersona = admin && input.U_SYS_PMTYPE ? input.U_SYS_PMTYPE : current.tipoPersona;
      const nuevoEstatus = admin && input.U_SYS_PMESPR ? input.U_SYS_PMESPR : current.estatusRegistro;
      const motivo = admin && input.MOTRECHAZO !== undefined ? input.MOTRECHAZO : current.motivoRechazo;
      if (nuevoEstatus === "R" && !motivo.trim()) {
        throw new Invalid("Indique el motivo de rechazo del registro.");
      }
      // A supplier changing its own password proves it knows the current one; an administrator does not need to.
      // Each check counts with the supplier's sign-in attempts from that address (429 past the limit, issue 22).
      if (input.U_SYS_PMPASS && !admin) {
        const actual = input.ContraseñaActual;
        if (!actual) throw new Invalid(MSG.contraseñaActualRequerida);
        const ok = await passwordAttempts.check({ operador: "Proveedor", cuenta: current.cardCode }, meta.ip, () =>
          verifyPassword(current.passwordHash, actual),
        );
        if (!ok) throw new Invalid(MSG.contraseñaActualIncorrecta);
      }
      const passwordHash = input.U_SYS_PMPASS ? await hashPassword(input.U_SYS_PMPASS) : undefined;
      const now = clock();

      await withTransaction(async (tx) => {
        const actuales = estados(current, await tx.proveedores.documentosDe([current.cardCode]));
        const cambios: Partial<Record<DocumentoProveedorClave, EstadoDocumento>> = {};
        for (const doc of DOCUMENTOS_PROVEEDOR) {
          const enviado = input[doc.clave];
          if (!enviado) continue;
          const estado = { ...actuales[doc.clave] };
          if (admin && "Val" in enviado && enviado.Val) estado.val = enviado.Val;
          if (enviado.Archivo && enviado.Archivo64) {
            const stored = await storePdfUpload(
              tx.archivos,
              { nombre: enviado.Archivo, base64: enviado.Archivo64 },
              doc.etiqueta,
            );
            estado.archivoId = stored.archivoId;
            estado.nombre = stored.nombre;
            estado.fecha = isoDate(now);
          }
          cambios[doc.clave] = estado;
        }
        if (!admin) {
          const finales = { ...actuales, ...cambios };
          const faltantes = documentosRequeridosFaltantes(
            tipoPersona === "F" ? "F" : "M",
            Object.fromEntries(
              Object.entries(finales).map(([clave, s]) => [clave, { Val: s.val, cargado: s.archivoId !== null }]),
            ),
          );
          if (faltantes.length > 0) throw new Invalid(faltantes);
        }
        for (const [clave, s] of Object.entries(cambios)) {
          await tx.proveedores.upsertDocumento({
            cardCode: current.cardCode,
            clave,
            val: s.val,
            archivoId: s.archivoId,
            nombre: s.nombre,
            fecha: s.fecha,
            updatedAt: now,
          });
        }
        await tx.proveedores.update(current.cardCode, {
          telefono: input.Phone1 ?? current.telefono,
          email: input.E_Mail ?? current.email,
          contacto: input.CntctPrsn ?? current.contacto,
          ...(passwordHash ? { passwordHash } : {}),
          ...(admin
            ? {
                tipoPersona,
                cardName: input.CardName || current.cardName,
                rfc: input.LicTradNum ?? current.rfc,
                estatusRegistro: nuevoEstatus,
                motivoRechazo: motivo,
              }
            : {}),
          updatedAt: now,
        });
        // A new password ends every other session of the supplier (its own current one stays).
        if (passwordHash) {
          await tx.auth.revokeSessionsOf({ operador: "Proveedor", usuarioRef: current.cardCode }, now, user.sessionId);
        }
        if (nuevoEstatus !== current.estatusRegistro) {
          const change = { from: current.estatusRegistro, to: nuevoEstatus, comment: motivo };
          await tx.auditoria.recordChange(
            user,
            { entidad: "proveedor", id: current.cardCode, campo: "estatus_registro", ...change },
            now,
          );
        }
      });
      return MSG.proveedorActualizado;
    },

    /**
     * Notifies the supplier of its record status (spec §7 sentCorreo). The message goes only to the
     * supplier's stored addresses, never to an arbitrary `Correo`, so the call cannot be used as a relay.
     */
    async sentCorreo(user: SessionUser, input: SentCorreoRequest): Promise<string> {
      if (!isAdministrador(user)) throw new Forbidden();
      const proveedor = await repo.findByCardName(input.Usuario);
      if (!proveedor) throw new NotFound(`No existe un proveedor con la razón social ${input.Usuario}.`);
      const registrados = proveedor.email
        .split(",")
        .map((c) => c.trim())
        .filter(Boolean);
      if (registrados.length === 0) throw new Invalid("El proveedor no tiene un correo registrado.");
      const estatusRegistro = ESTATUS_REGISTRO_LABEL[input.EstatusRegistro];
      const estatus = ESTATUS_ACTIVO_LABEL[input.Estatus];
      const lineas = [
        `Estimado proveedor ${proveedor.cardName}:`,
        "",
        "Le informamos el estatus de su registro en el Portal de Proveedores.",
        "",
        `Estatus del registro: ${estatusRegistro}`,
        `Estatus: ${estatus}`,
        ...(input.Observaciones ? [`Observaciones: ${input.Observaciones}`] : []),
        "",
        `Puede revisar su perfil y sus documentos en ${publicUrl}`,
        "",
        "Este es un mensaje automático; por favor no lo responda.",
      ];
      await correo.enqueue({
        para: registrados.join(", "),
        asunto: `Portal de Proveedores: su registro está ${estatusRegistro.toLowerCase()}`,
        texto: lineas.join("\n"),
      });
      return "Se envió la notificación al proveedor.";
    },

    async addSociedad(user: SessionUser, input: AddSociedadRequest): Promise<string> {
      if (!isAdministrador(user)) throw new Forbidden();
      if (!(await repo.findByCardCode(input.CardCode))) throw new NotFound("El proveedor no existe.");
      if (!(await repo.sociedadExists(input.IdSociedad))) throw new NotFound("La sociedad no existe.");
      if (await repo.isLinked(input.CardCode, input.IdSociedad)) {
        throw new Conflict("La sociedad ya está asignada a este proveedor.");
      }
      await repo.link(input.CardCode, input.IdSociedad);
      return MSG.sociedadVinculada;
    },
  };
}
export type ProveedoresService = ReturnType<typeof createProveedoresService>;
