import { randomUUID } from "node:crypto";
import { issueTestFactura } from "@portal/cfdi/sello";
import { MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { and, eq, ne } from "drizzle-orm";
import { expect } from "vitest";
import { facturaPrueba, nuevaEntradaKemper, payloadFactura } from "./factura-prueba";
import { login, type TestApp, withToken } from "./helpers";

/**
 * Issue 27 (decision 036), what the payment block tests of both adapters share: Kemper's invoices registered and
 * accepted through the API, the SAT simulator turning one Cancelado, the re-check job, the ERP outbox.
 */
export interface FilaBloqueo {
  IdFactura: number;
  UUID: string;
  BD: string;
  Version: number;
  EstatusFactura: string;
  FolioSAP: number | null;
  BloqueoPago?: string;
  SustitutoUUID?: string;
  EstadoBloqueoERP?: string;
  ErrorBloqueoERP?: string;
  AvisoSustitucion?: string;
  FolioFactura: string;
}

export function bloqueoPrueba(t: () => TestApp) {
  const db = () => t().tdb.db;
  const admin = () => login(t().app, "admin", "Empleado");
  const kemper = () => login(t().app, "EKU9003173C9", "Proveedor");
  const consulta = () => login(t().app, "consulta", "Empleado");
  const factura = async (uuid: string) =>
    (await db().select().from(schema.facturas).where(eq(schema.facturas.uuid, uuid.toUpperCase())))[0]!;
  const fila = async (uuid: string): Promise<FilaBloqueo> =>
    (
      await t().app.inject(
        withToken(await admin(), { method: "POST", url: "/api/facturasPendientes/getFacturas", payload: {} }),
      )
    )
      .json()
      .data.find((r: FilaBloqueo) => r.UUID === uuid.toUpperCase());
  /** The row of the employees' invoice list (/MisFacturas, whose row the invoice detail shows), or a supplier's. */
  const filaDeLista = async (uuid: string, token?: string): Promise<FilaBloqueo | undefined> =>
    (
      await t().app.inject(
        withToken(token ?? (await admin()), { method: "POST", url: "/api/facturas/getFacturas", payload: {} }),
      )
    )
      .json()
      .data.find((r: FilaBloqueo) => r.UUID === uuid.toUpperCase());
  const trabajos = async (facturaId: number, tipo: string) =>
    db()
      .select()
      .from(schema.erpTrabajos)
      .where(and(eq(schema.erpTrabajos.facturaId, facturaId), eq(schema.erpTrabajos.tipo, tipo)));
  const auditoria = async (facturaId: number) =>
    db()
      .select()
      .from(schema.auditoria)
      .where(and(eq(schema.auditoria.entidadId, String(facturaId)), eq(schema.auditoria.campo, "bloqueoPago")));
  /** The A/P invoice's row in the simulated ERP (both adapters end in erp_mock). */
  const apDe = async (facturaId: number) =>
    // Not SAP's cancellation document, which carries the same portal id (decision 048).
    (
      await db()
        .select()
        .from(schema.erpFacturas)
        .where(and(eq(schema.erpFacturas.portalId, facturaId), ne(schema.erpFacturas.canceled, "C")))
    )[0];

  /**
   * Kemper posts an invoice (optionally replacing `sustituye`: TipoRelacion 04) on a new receipt, or on receipt
   * `entrada` (decision 036: a replacement for the same receipt), with another subtotal and VAT when given.
   */
  async function post(o: { sustituye?: string; entrada?: number; subtotal?: string; iva?: string } = {}) {
    const uuid = randomUUID().toUpperCase();
    const docNum = o.entrada ?? (await nuevaEntradaKemper(db()));
    t().time.advance(60_000);
    const xml = issueTestFactura(
      facturaPrueba({
        uuid,
        folio: `BP-${docNum}-${uuid.slice(0, 4)}`,
        ...(o.subtotal ? { subtotal: o.subtotal } : {}),
        ...(o.iva ? { iva: o.iva } : {}),
        ...(o.sustituye ? { cfdiRelacionados: [{ TipoRelacion: "04", UUIDs: [o.sustituye] }] } : {}),
      }),
    );
    const res = await t().app.inject(
      withToken(await kemper(), {
        method: "POST",
        url: "/api/facturas/postFactura",
        payload: payloadFactura(xml, docNum),
      }),
    );
    return { uuid, res };
  }

  /** Kemper registers an invoice (see post); it must register. */
  async function register(o: Parameters<typeof post>[0] = {}) {
    const { uuid, res } = await post(o);
    expect(res.statusCode, res.body).toBe(200);
    return uuid;
  }

  /**
   * Issue 36 (decision 038): an employee lifts invoice `uuid`'s payment block by hand (facturasPendientes/
   * quitarBloqueoPago) with `Motivo` and the Version it saw (the current one unless given).
   */
  async function liftBlock(uuid: string, o: { motivo?: string; version?: number; token?: string } = {}) {
    const f = await factura(uuid);
    return t().app.inject(
      withToken(o.token ?? (await admin()), {
        method: "POST",
        url: "/api/facturasPendientes/quitarBloqueoPago",
        payload: {
          usuario: "1",
          operador: "Empleado",
          Factura: f.id,
          Version: o.version ?? f.version,
          ...(o.motivo === undefined ? {} : { Motivo: o.motivo }),
        },
      }),
    );
  }

  async function accept(uuid: string) {
    const f = await factura(uuid);
    const res = await t().app.inject(
      withToken(await admin(), {
        method: "PATCH",
        url: "/api/facturasPendientes/patchfactura",
        payload: [{ Factura: f.id, Estatus: "A", Comentarios: "Conforme", BD: f.bd, Version: f.version }],
      }),
    );
    expect(res.json()).toEqual({ status: "success", message: MSG.revisionExito });
    return f.id;
  }

  /** The SAT now answers Cancelado for `uuid`, and the re-check of accepted CFDIs runs. */
  async function cancelAtSat(uuid: string) {
    await t().app.services.satSimulador.simulate(uuid.toUpperCase(), {
      estado: "Cancelado",
      estatusCancelacion: "Cancelado sin aceptación",
      cancelability: "",
    });
    t().time.advance(60_000);
    await t().app.services.satEstado.checkAceptados(t().time.clock());
  }

  /** The same finding again (a re-check run twice, a process retrying its batch): the status row asked once more. */
  async function findCancelledAgain(uuid: string) {
    await db()
      .update(schema.satEstadosCfdi)
      .set({ estado: "Vigente", siguienteConsulta: t().time.clock() })
      .where(eq(schema.satEstadosCfdi.uuid, uuid.toUpperCase()));
    t().time.advance(60_000);
    await t().app.services.satEstado.checkAceptados(t().time.clock());
  }

  return {
    factura,
    fila,
    filaDeLista,
    trabajos,
    auditoria,
    apDe,
    post,
    register,
    accept,
    liftBlock,
    cancelAtSat,
    findCancelledAgain,
    admin,
    consulta,
    kemper,
  };
}
