import {
  DOCUMENTOS_PROVEEDOR,
  type DocumentoProveedorClave,
  documentosRequeridosFaltantes,
  MSG,
  type UpdateProveedorRequest,
} from "@portal/contracts";
import { hashPassword, verifyPassword } from "@portal/db";
import { Conflict, Forbidden, Invalid, NotFound } from "../../lib/errors";
import { isAdministrador, isProveedor, type SessionUser } from "../../lib/session-user";
import type { Repositories } from "../../repositories";
import { storePdfUpload } from "../archivos/uploads";
import type { ProveedoresDeps } from "./deps";
import { type EstadoDocumento, estados, isoDate, type Proveedor } from "./documentos";
import { type TipoChanges, tipoChanges } from "./tipo";

type UpdateDeps = Pick<ProveedoresDeps, "data" | "clock" | "passwordAttempts">;

/** What update decided before its transaction: who calls, the supplier, and its new person type and status. */
interface Plan {
  user: SessionUser;
  input: UpdateProveedorRequest;
  admin: boolean;
  current: Proveedor;
  tipoPersona: string;
  nuevoEstatus: string;
  motivo: string;
  passwordHash: string | undefined;
  now: Date;
  /** Decision 073: the kind, country, tax id and RFC an administrator's update leaves. */
  tipo: Extract<TipoChanges, { ok: true }>["values"];
}

/** The checks before anything is saved: who may, the RFC, the rejection reason, the current password. */
async function plan(
  { data, clock, passwordAttempts }: UpdateDeps,
  user: SessionUser,
  input: UpdateProveedorRequest,
  meta: { ip: string },
): Promise<Plan> {
  const repo = data.repos.proveedores;
  const admin = isAdministrador(user);
  if (!admin && !(isProveedor(user) && input.CardCode === user.id)) throw new Forbidden();
  const current = await repo.findByCardCode(input.CardCode);
  if (!current) throw new NotFound(MSG.proveedorNoExiste);
  const tipo = admin ? tipoChanges(input, current) : { ok: true as const, values: current };
  if (!tipo.ok) throw new Invalid(tipo.errores);
  if (admin && tipo.values.tipo === "nacional" && (await repo.rfcTaken(tipo.values.rfc, current.cardCode))) {
    throw new Conflict(MSG.proveedorRfcOcupado(tipo.values.rfc));
  }
  const tipoPersona = admin && input.U_SYS_PMTYPE ? input.U_SYS_PMTYPE : current.tipoPersona;
  const nuevoEstatus = admin && input.U_SYS_PMESPR ? input.U_SYS_PMESPR : current.estatusRegistro;
  const motivo = admin && input.MOTRECHAZO !== undefined ? input.MOTRECHAZO : current.motivoRechazo;
  if (nuevoEstatus === "R" && !motivo.trim()) {
    throw new Invalid(MSG.proveedorMotivoRechazo);
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
  const { tipo: clase, pais, numRegIdTrib, rfc } = tipo.values;
  return {
    ...{ user, input, admin, current, tipoPersona, nuevoEstatus, motivo, passwordHash, now },
    tipo: { tipo: clase, pais, numRegIdTrib, rfc },
  };
}

/**
 * The documents the call changes (required flags, new files stored now); a supplier must still have every
 * required document loaded afterwards.
 */
async function documentChanges(
  tx: Repositories,
  { input, admin, current, tipoPersona, now }: Plan,
): Promise<Partial<Record<DocumentoProveedorClave, EstadoDocumento>>> {
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
  return cambios;
}

/** Saves the documents, the supplier's data, ends its other sessions on a new password, audits the status. */
async function save(tx: Repositories, p: Plan, cambios: Partial<Record<DocumentoProveedorClave, EstadoDocumento>>) {
  const { user, input, admin, current, tipoPersona, nuevoEstatus, motivo, passwordHash, now, tipo } = p;
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
          ...tipo,
          estatusRegistro: nuevoEstatus,
          motivoRechazo: motivo,
          ...(input.ResicoAgapes === undefined ? {} : { resicoAgapes: input.ResicoAgapes === "Y" }),
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
  // Issue 39: who said the supplier lives from agricultural activities (its RESICO invoices lose the 1.25 % check).
  if (admin && input.ResicoAgapes !== undefined && (input.ResicoAgapes === "Y") !== current.resicoAgapes) {
    const change = { from: current.resicoAgapes ? "Y" : "N", to: input.ResicoAgapes };
    await tx.auditoria.recordChange(
      user,
      { entidad: "proveedor", id: current.cardCode, campo: "resico_agapes", ...change },
      now,
    );
  }
}

/**
 * A supplier updates its own contact data, password and documents; an administrator may also change the
 * master data, the record status with its rejection reason and the required flags. The active status is
 * read-only. Everything happens in one transaction: a refused upload saves nothing.
 */
export function updateProveedor(deps: UpdateDeps) {
  return async (user: SessionUser, input: UpdateProveedorRequest, meta: { ip: string }): Promise<string> => {
    const p = await plan(deps, user, input, meta);
    await deps.data.withTransaction(async (tx) => {
      await save(tx, p, await documentChanges(tx, p));
    });
    return MSG.proveedorActualizado;
  };
}
