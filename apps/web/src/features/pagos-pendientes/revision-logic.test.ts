import { MSG, patchPagosRequestSchema } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { COLUMNA_REVISION, filasMarcadasRevision, isRevisionBlocked } from "../../components/data-table";
import { makePagoPendiente } from "../pagos/pagos.fixtures";
import { buildRevisionPagos, estatusGuardadoPago, hasComplemento, REVISION_PAGOS } from "./revision-logic";

const REVISOR = { id: "1", operador: "Empleado" } as const;
/** Who reviews, as each entry of the PATCH body names them. */
const FIRMA_REVISOR = { usuario: "1", id: "1", operador: "Empleado" } as const;

const FILAS = [
  makePagoPendiente({ Fila: 1, IdPago: 51, DocEntry: 1, DocNum: 601, U_SYS_PMESPA: "P", Version: 4 }),
  makePagoPendiente({ Fila: 2, IdPago: 52, DocEntry: 2, DocNum: 602, U_SYS_PMESPA: "A" }),
  makePagoPendiente({
    Fila: 3,
    IdPago: 53,
    DocEntry: 3,
    DocNum: 603,
    U_SYS_PMESPA: "R",
    U_SYS_PMMERR: "Sin sello",
    Version: 7,
  }),
  makePagoPendiente({ Fila: 4, IdPago: 54, DocEntry: 4, DocNum: 604, U_SYS_PMESPA: "V" }),
  makePagoPendiente({ Fila: 5, IdPago: null, DocEntry: 5, DocNum: 605, U_SYS_PMESPA: "", Version: undefined }),
];
const rowKey = (fila: number) => REVISION_PAGOS.rowKey(FILAS[fila - 1] as (typeof FILAS)[number]);
const mark = (...filas: number[]) =>
  Object.fromEntries(filas.map((fila) => [rowKey(fila), { [COLUMNA_REVISION.revisado]: true }]));

describe("pending payment review rules", () => {
  it("reads the stored status as P, A, R or V and locks only A (spec §4)", () => {
    expect(FILAS.map(estatusGuardadoPago)).toEqual(["P", "A", "R", "V", "P"]);
    expect(FILAS.map((row) => isRevisionBlocked(REVISION_PAGOS, row))).toEqual([false, true, false, false, false]);
    expect(FILAS.map(hasComplemento)).toEqual([true, true, true, true, false]);
  });

  it("counts only checked rows that are not locked and have an uploaded complement", () => {
    expect(filasMarcadasRevision(REVISION_PAGOS, FILAS, mark(1, 2, 4, 5)).map((row) => row.DocNum)).toEqual([601, 604]);
  });

  it("builds the PATCH body of spec §3 with the chosen status and comment and the Version the reviewer saw", () => {
    const edits = {
      ...mark(1, 3),
      [rowKey(1)]: { [COLUMNA_REVISION.revisado]: true, [COLUMNA_REVISION.estatus]: "V" },
      [rowKey(3)]: { [COLUMNA_REVISION.revisado]: true, [COLUMNA_REVISION.comentarios]: "  Falta el XML  " },
    };
    const revision = buildRevisionPagos(REVISOR, FILAS, edits);
    expect(revision).toEqual({
      ok: true,
      request: [
        {
          ...FIRMA_REVISOR,
          Pago: 51,
          Comentarios: "",
          Estatus: "V",
          BD: "SBO_KIJ",
          Correo: "facturacion@kemper.edu.mx",
          PagoSAP: 601,
          Version: 4,
        },
        {
          ...FIRMA_REVISOR,
          Pago: 53,
          Comentarios: "Falta el XML",
          Estatus: "R",
          BD: "SBO_KIJ",
          Correo: "facturacion@kemper.edu.mx",
          PagoSAP: 603,
          Version: 7,
        },
      ],
    });
    expect(revision.ok && patchPagosRequestSchema.safeParse(revision.request).success).toBe(true);
  });

  it("refuses a rejection without a comment, one message per payment", () => {
    const edits = { [rowKey(1)]: { [COLUMNA_REVISION.revisado]: true, [COLUMNA_REVISION.estatus]: "R" } };
    expect(buildRevisionPagos(REVISOR, FILAS, edits)).toEqual({
      ok: false,
      errors: [MSG.rechazoSinComentarioPago(601)],
    });
    // The sentence the server refuses with too (one owner, @portal/contracts).
    expect(MSG.rechazoSinComentarioPago(601)).toBe(
      "Indique en Comentarios el motivo del rechazo del complemento del pago 601.",
    );
  });
});
