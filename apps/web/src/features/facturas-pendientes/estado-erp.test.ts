import { describe, expect, it } from "vitest";
import { ENVIANDO_ERP_MS, estadoErp, msEnviandoErp } from "../facturas/factura-logic";
import { makeFactura } from "../facturas/facturas.fixtures";
import {
  REFRESCO_ERP_ATASCADO_MS,
  REFRESCO_ERP_LIMITE_MS,
  REFRESCO_ERP_MS,
  refrescoErp,
} from "./components/facturas-pendientes-table";

/** Issue 23: right after acceptance the ERP column says 'Enviando al ERP…', and the list refreshes itself. */
const ACEPTADA = "2026-11-25T18:00:00.000Z";
const despues = (ms: number) => new Date(Date.parse(ACEPTADA) + ms);
const enviando = makeFactura({ EstatusFactura: "A", EstadoERP: "pendiente", FolioSAP: null, EnviadoERP: ACEPTADA });

describe("the ERP state during the first minute", () => {
  it("reads 'Enviando al ERP…', not an error, with no retry, until the minute has passed", () => {
    for (const ms of [0, 1_000, ENVIANDO_ERP_MS - 1]) {
      expect(estadoErp(enviando, despues(ms))).toEqual({
        estado: "enviando",
        etiqueta: "Enviando al ERP…",
        color: "blue",
        error: "",
        canRetry: false,
      });
    }
    expect(msEnviandoErp(enviando, despues(20_000))).toBe(ENVIANDO_ERP_MS - 20_000);
  });

  it("reads 'Pendiente en ERP' with 'Reintentar' once the job is stuck past the minute", () => {
    expect(estadoErp(enviando, despues(ENVIANDO_ERP_MS))).toMatchObject({
      estado: "pendiente",
      etiqueta: "Pendiente en ERP",
      canRetry: true,
    });
    expect(msEnviandoErp(enviando, despues(ENVIANDO_ERP_MS + 5))).toBe(0);
  });

  it("a job that really failed offers the retry at once, whatever its age", () => {
    const fallo = { ...enviando, ErrorERP: "El proveedor P00001 está inactivo" };
    expect(estadoErp(fallo, despues(1_000))).toMatchObject({ estado: "pendiente", canRetry: true });
    expect(estadoErp({ ...enviando, EstadoERP: "fallido" }, despues(1_000))).toMatchObject({
      estado: "fallido",
      etiqueta: "Error en ERP",
      canRetry: true,
    });
  });

  it("a created invoice, or one without the job's time, is never 'Enviando'", () => {
    expect(estadoErp({ ...enviando, EstadoERP: "creada", FolioSAP: 8123 }, despues(0))?.etiqueta).toBe(
      "Factura SAP 8123",
    );
    expect(estadoErp({ ...enviando, EnviadoERP: null }, despues(0))?.estado).toBe("pendiente");
    expect(estadoErp({ ...enviando, EnviadoERP: "no es fecha" }, despues(0))?.estado).toBe("pendiente");
  });
});

describe("the review list's own refresh while an ERP job is pending", () => {
  it("every 3 s in the first minute, every 15 s when stuck, never when nothing waits", () => {
    expect(refrescoErp([enviando], despues(1_000))).toBe(REFRESCO_ERP_MS);
    expect(refrescoErp([enviando], despues(ENVIANDO_ERP_MS + 1))).toBe(REFRESCO_ERP_ATASCADO_MS);
    // Past 9 minutes (or without the job's time) the list stops asking, so an unattended session can still end.
    expect(refrescoErp([enviando], despues(REFRESCO_ERP_LIMITE_MS - 1))).toBe(REFRESCO_ERP_ATASCADO_MS);
    expect(refrescoErp([enviando], despues(REFRESCO_ERP_LIMITE_MS))).toBe(false);
    expect(refrescoErp([{ ...enviando, EnviadoERP: null }], despues(1_000))).toBe(false);
    expect(refrescoErp([{ ...enviando, EstadoERP: "creada" }], despues(1_000))).toBe(false);
    expect(refrescoErp([makeFactura({ EstatusFactura: "P" })], despues(1_000))).toBe(false);
    expect(refrescoErp(undefined)).toBe(false);
  });
});
