import {
  type CreateSociedadRequest,
  MSG,
  type SociedadOpcion,
  type SociedadRow,
  type UpdateSociedadRequest,
} from "@portal/contracts";
import { encryptSecret } from "@portal/db";
import type { Clock } from "../../lib/clock";
import { Conflict, Forbidden, NotFound } from "../../lib/errors";
import { isAdministrador, isEmpleado, type SessionUser } from "../../lib/session-user";
import type { Data, Repositories } from "../../repositories";
import { archivoUrl } from "../archivos/service";
import { storePdfUpload } from "../archivos/uploads";

const ETIQUETA_CONSTANCIA = "la carta de situación fiscal";

/**
 * Issue 27: the withholding switches, fee keys and payment days the form sent (decisions 031 and 032); a field
 * left out keeps what is stored (the column defaults on create). Stored sorted, without blanks.
 */
function ajustesDe(input: CreateSociedadRequest | UpdateSociedadRequest) {
  return {
    ...(input.RetencionResico === undefined ? {} : { retencionResico: input.RetencionResico }),
    ...(input.RetencionArrendamiento === undefined ? {} : { retencionArrendamiento: input.RetencionArrendamiento }),
    ...(input.RetencionHonorarios === undefined ? {} : { retencionHonorarios: input.RetencionHonorarios }),
    ...(input.NoRetieneIva === undefined ? {} : { noRetieneIva: input.NoRetieneIva }),
    ...(input.ClavesHonorarios === undefined ? {} : { clavesHonorarios: [...input.ClavesHonorarios].sort() }),
    ...(input.DiasPago === undefined ? {} : { diasPago: [...input.DiasPago].sort((a, b) => a - b) }),
    ...(input.ReglaFechaContable === undefined ? {} : { reglaFechaContable: input.ReglaFechaContable }),
    ...(input.DiasEnfriamientoCuenta === undefined ? {} : { diasEnfriamientoCuenta: input.DiasEnfriamientoCuenta }),
    ...(input.MonedasSap === undefined
      ? {}
      : { monedasSap: Object.fromEntries(input.MonedasSap.map((m) => [m.Codigo, m.Moneda])) }),
  };
}

const sameDays = (a: readonly number[], b: readonly number[]) => [...a].sort().join(",") === [...b].sort().join(",");

/**
 * Company catalogue (spec §2, §3, §5). The SAP password is encrypted (AES-256-GCM) because the server needs
 * it back to reach the ERP; it is never returned. The tax-status PDF is checked by content, and stored in the
 * same transaction as the row that references it.
 */
export function createSociedadesService(deps: {
  data: Data;
  clock: Clock;
  encryptionKey: Buffer;
  /**
   * Issue 27 (decision 032): the sociedad's payment days changed, in the edit's transaction — the invoices move their
   * expected payment dates (services.ts passes the invoices' rule, so this module does not import theirs).
   */
  diasPagoChanged: (tx: Repositories, sociedadId: number) => Promise<void>;
}) {
  const { data, clock, encryptionKey, diasPagoChanged } = deps;
  const { repos, withTransaction } = data;
  const repo = repos.sociedades;
  return {
    async rows(user: SessionUser): Promise<SociedadRow[]> {
      if (!isEmpleado(user)) throw new Forbidden();
      return (await repo.list()).map((s, i) => ({
        Fila: i + 1,
        IdSociedad: s.id,
        NomSociedad: s.nombre,
        RFC: s.rfc,
        Regimen: s.regimen,
        CP: s.cp,
        Estatus: s.estatus,
        UsuarioSAP: s.usuarioSap,
        PassSAP: "",
        BDSAP: s.bdSap,
        Constancia: archivoUrl(s.constanciaArchivoId),
        RetencionResico: s.retencionResico,
        RetencionArrendamiento: s.retencionArrendamiento,
        RetencionHonorarios: s.retencionHonorarios,
        NoRetieneIva: s.noRetieneIva,
        ClavesHonorarios: s.clavesHonorarios,
        DiasPago: s.diasPago,
        ReglaFechaContable: s.reglaFechaContable === "rechazar" ? "rechazar" : "primer_dia_abierto",
        DiasEnfriamientoCuenta: s.diasEnfriamientoCuenta,
        MonedasSap: Object.entries(s.monedasSap ?? {})
          .map(([Codigo, Moneda]) => ({ Codigo, Moneda }))
          .sort((a, b) => a.Codigo.localeCompare(b.Codigo)),
        // Issue 43 (decision 075): only the e.firma's expiry and certificate number, once one is uploaded.
        ...(s.efirmaVence && s.efirmaCertificado
          ? { EfirmaVence: s.efirmaVence.toISOString().slice(0, 10), EfirmaCertificado: s.efirmaCertificado }
          : {}),
      }));
    },

    /** Options for the link-company form. */
    async opciones(): Promise<SociedadOpcion[]> {
      return (await repo.list()).map((s) => ({ IdSociedad: s.id, NomSociedad: s.nombre }));
    },

    async create(user: SessionUser, input: CreateSociedadRequest): Promise<string> {
      if (!isAdministrador(user)) throw new Forbidden();
      if (await repo.bdSapTaken(input.BDSAP)) throw new Conflict(MSG.sociedadBdSapOcupada(input.BDSAP));
      await withTransaction(async (tx) => {
        const pdf = await storePdfUpload(
          tx.archivos,
          { nombre: input.CartaSituacionFiscalNombre, base64: input.CartaSituacionFiscal },
          ETIQUETA_CONSTANCIA,
        );
        await tx.sociedades.insert({
          nombre: input.RazonSocial,
          rfc: input.RFC,
          regimen: input.RegimenFiscal,
          cp: input.CodigoPostal,
          estatus: input.Estatus,
          usuarioSap: input.UsuarioSAP,
          passSapCifrada: encryptSecret(input.ContraseñaSAP, encryptionKey),
          bdSap: input.BDSAP,
          constanciaArchivoId: pdf.archivoId,
          constanciaNombre: pdf.nombre,
          ...ajustesDe(input),
        });
      });
      return MSG.sociedadCreada;
    },

    async update(user: SessionUser, input: UpdateSociedadRequest): Promise<string> {
      if (!isAdministrador(user)) throw new Forbidden();
      const current = await repo.findById(input.Numero);
      if (!current) throw new NotFound(MSG.sociedadNoExiste);
      if (await repo.bdSapTaken(input.BDSAP, current.id)) {
        throw new Conflict(MSG.sociedadBdSapOcupada(input.BDSAP));
      }
      await withTransaction(async (tx) => {
        const pdf =
          input.CartaSituacionFiscal && input.CartaSituacionFiscalNombre
            ? await storePdfUpload(
                tx.archivos,
                { nombre: input.CartaSituacionFiscalNombre, base64: input.CartaSituacionFiscal },
                ETIQUETA_CONSTANCIA,
              )
            : null;
        await tx.sociedades.update(current.id, {
          nombre: input.RazonSocial,
          rfc: input.RFC,
          regimen: input.RegimenFiscal,
          cp: input.CodigoPostal,
          estatus: input.Estatus,
          usuarioSap: input.UsuarioSAP,
          bdSap: input.BDSAP,
          ...(input.ContraseñaSAP ? { passSapCifrada: encryptSecret(input.ContraseñaSAP, encryptionKey) } : {}),
          ...(pdf ? { constanciaArchivoId: pdf.archivoId, constanciaNombre: pdf.nombre } : {}),
          ...ajustesDe(input),
          updatedAt: clock(),
        });
        // Issue 27: other payment days move the expected payment dates of its invoices (decision 032).
        if (input.DiasPago && !sameDays(input.DiasPago, current.diasPago)) {
          await diasPagoChanged(tx, current.id);
        }
      });
      return MSG.sociedadActualizada;
    },
  };
}
export type SociedadesService = ReturnType<typeof createSociedadesService>;
