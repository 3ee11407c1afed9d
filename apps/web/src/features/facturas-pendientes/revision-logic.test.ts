import {
  MSG,
  patchFacturasPendientesRequestSchema,
  quitarBloqueoPagoRequestSchema,
  reintentarErpRequestSchema,
} from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { makeFactura } from "../facturas/facturas.fixtures";
import {
  buildErpRetry,
  buildQuitarBloqueo,
  buildRevision,
  COLUMNA,
  etiquetaQuitarBloqueo,
  etiquetaReintentarErp,
  filasMarcadas,
  isBlocked,
  storedStatus,
} from "./revision-logic";

const REVISOR = { id: "1", operador: "Empleado" } as const;

const FILAS = [
  makeFactura({ Fila: 1, IdFactura: 21, FolioFactura: "B-1", EstatusFactura: "P", Version: 3 }),
  makeFactura({ Fila: 2, IdFactura: 22, FolioFactura: "B-2", EstatusFactura: "A", Version: 1 }),
  makeFactura({
    Fila: 3,
    IdFactura: 23,
    FolioFactura: "B-3",
    EstatusFactura: "R",
    Comentarios: "Sin firma",
    Version: 6,
  }),
  makeFactura({ Fila: 4, IdFactura: 24, FolioFactura: "B-4", EstatusFactura: "X" }),
];

describe("pending invoice review rules", () => {
  it("reads the stored status as the selector's code and locks only A (spec §4)", () => {
    expect(FILAS.map(storedStatus)).toEqual(["P", "A", "R", "P"]);
    expect(FILAS.map(isBlocked)).toEqual([false, true, false, false]);
  });

  it("counts only checked rows that are not locked, in list order", () => {
    const edits = {
      "24": { [COLUMNA.revisado]: true },
      "22": { [COLUMNA.revisado]: true },
      "21": { [COLUMNA.revisado]: true },
      "23": { [COLUMNA.revisado]: false },
    };
    expect(filasMarcadas(FILAS, edits).map((row) => row.FolioFactura)).toEqual(["B-1", "B-4"]);
  });

  it("builds the contract's payload: chosen status and comment, stored ones by default, the Version the reviewer saw", () => {
    const edits = {
      "21": { [COLUMNA.revisado]: true, [COLUMNA.estatus]: "A", [COLUMNA.comentarios]: "  Correcta " },
      "23": { [COLUMNA.revisado]: true },
    };
    const revision = buildRevision(REVISOR, FILAS, edits);
    expect(revision).toEqual({
      ok: true,
      request: [
        {
          usuario: "1",
          id: "1",
          operador: "Empleado",
          Factura: 21,
          Comentarios: "Correcta",
          Estatus: "A",
          BD: "SBO_MCI",
          Correo: "facturacion@kemper.edu.mx",
          Version: 3,
        },
        {
          usuario: "1",
          id: "1",
          operador: "Empleado",
          Factura: 23,
          Comentarios: "Sin firma",
          Estatus: "R",
          BD: "SBO_MCI",
          Correo: "facturacion@kemper.edu.mx",
          Version: 6,
        },
      ],
    });
    expect(revision.ok && patchFacturasPendientesRequestSchema.safeParse(revision.request).success).toBe(true);
  });

  it("refuses a rejection without a comment, naming each folio", () => {
    const edits = {
      "21": { [COLUMNA.revisado]: true, [COLUMNA.estatus]: "R" },
      "23": { [COLUMNA.revisado]: true, [COLUMNA.comentarios]: "   " },
      "24": { [COLUMNA.revisado]: true, [COLUMNA.estatus]: "A" },
    };
    expect(buildRevision(REVISOR, FILAS, edits)).toEqual({
      ok: false,
      errors: [MSG.rechazoSinComentarioFactura("B-1"), MSG.rechazoSinComentarioFactura("B-3")],
    });
    // The sentence the server refuses with too (one owner, @portal/contracts).
    expect(MSG.rechazoSinComentarioFactura("B-1")).toBe(
      "Indique en Comentarios el motivo del rechazo de la factura con folio B-1.",
    );
  });
});

describe("reintentarErp (issue 13)", () => {
  it("sends who asks and the invoice's IdFactura as Factura, as the contract reads it", () => {
    const request = buildErpRetry(REVISOR, makeFactura({ IdFactura: 22 }));
    expect(request).toEqual({ usuario: "1", id: "1", operador: "Empleado", Factura: 22 });
    expect(reintentarErpRequestSchema.parse(request)).toEqual(request);
  });

  it("names the button with the folio", () => {
    expect(etiquetaReintentarErp("A-1234")).toBe("Reintentar en el ERP la factura A-1234");
  });
});

describe("quitarBloqueoPago (issue 36, decision 038)", () => {
  const fila = makeFactura({ IdFactura: 41, FolioFactura: "B-1", Version: 7, BloqueoPago: "bloqueado" });

  it("sends who asks, the invoice with the Version seen and the reason trimmed, as the contract reads it", () => {
    const armado = buildQuitarBloqueo(REVISOR, fila, "  Autorizado por la contraloría ");
    expect(armado).toEqual({
      request: {
        usuario: "1",
        id: "1",
        operador: "Empleado",
        Factura: 41,
        Version: 7,
        Motivo: "Autorizado por la contraloría",
      },
    });
    expect("request" in armado && quitarBloqueoPagoRequestSchema.parse(armado.request)).toEqual(
      "request" in armado && armado.request,
    );
  });

  it("refuses a missing reason with the server's own words", () => {
    for (const motivo of ["", "   "]) {
      expect(buildQuitarBloqueo(REVISOR, fila, motivo)).toEqual({ error: "El campo Motivo es obligatorio." });
    }
  });

  it("names the button with the folio", () => {
    expect(etiquetaQuitarBloqueo("B-1")).toBe("Quitar el bloqueo de pago de la factura B-1");
  });
});
