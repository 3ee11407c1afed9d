import { describe, expect, it } from "vitest";
import {
  COLUMNA_REVISION,
  FILTRO_REVISION,
  filasDelFiltro,
  filasSinEnviar,
  filtroRevision,
  folioVisible,
  MENSAJE_CAMBIOS_SIN_ENVIAR,
  markReviewedOnEdit,
  type RevisionConfig,
} from "./review-logic";

interface Fila {
  id: string;
  estatus: "P" | "A" | "R" | "V";
  comentario: string;
  conComplemento?: boolean;
}

const CONFIG: RevisionConfig<Fila, Fila["estatus"]> = {
  options: [
    { value: "P", label: "Pendiente" },
    { value: "A", label: "Aceptada" },
    { value: "R", label: "Rechazada" },
    { value: "V", label: "Validación" },
  ],
  rowKey: (row) => row.id,
  storedStatus: (row) => row.estatus,
  storedComment: (row) => row.comentario,
  isReviewable: (row) => row.conComplemento !== false,
  isAwaitingReview: (row) => row.estatus === "P" || row.estatus === "V",
};

const FILAS: Fila[] = [
  { id: "1", estatus: "A", comentario: "" },
  { id: "2", estatus: "P", comentario: "" },
  { id: "3", estatus: "R", comentario: "Sin sello" },
  { id: "4", estatus: "V", comentario: "" },
  { id: "5", estatus: "P", comentario: "" },
];
const ids = (rows: readonly Fila[]) => rows.map((row) => row.id);

describe("the review lists' filter (issue 23)", () => {
  it("'Por revisar' is the default and anything unknown falls back to it", () => {
    expect(filtroRevision(undefined)).toBe(FILTRO_REVISION.porRevisar);
    expect(filtroRevision("otra")).toBe(FILTRO_REVISION.porRevisar);
    expect(filtroRevision(7)).toBe(FILTRO_REVISION.porRevisar);
    expect(filtroRevision("todas")).toBe(FILTRO_REVISION.todas);
  });

  it("'Por revisar' shows only the rows awaiting a decision, in the list's order", () => {
    expect(ids(filasDelFiltro(CONFIG, FILAS, FILTRO_REVISION.porRevisar))).toEqual(["2", "4", "5"]);
  });

  it("'Todas' shows the rows to decide first, then the decided ones, each group in the list's order", () => {
    expect(ids(filasDelFiltro(CONFIG, FILAS, FILTRO_REVISION.todas))).toEqual(["2", "4", "5", "1", "3"]);
    expect(filasDelFiltro(CONFIG, [], FILTRO_REVISION.todas)).toEqual([]);
  });
});

describe("a change marks the row Revisado (issue 23)", () => {
  it("ticks Revisado when the status changes", () => {
    const next = markReviewedOnEdit({}, { "2": { [COLUMNA_REVISION.estatus]: "A" } });
    expect(next["2"]).toEqual({ [COLUMNA_REVISION.estatus]: "A", [COLUMNA_REVISION.revisado]: true });
  });

  it("ticks Revisado when the comment changes, and only on the changed row", () => {
    const previous = { "3": { [COLUMNA_REVISION.estatus]: "P" } };
    const next = markReviewedOnEdit(previous, {
      ...previous,
      "5": { [COLUMNA_REVISION.comentarios]: "Falta la orden" },
    });
    expect(next["5"]?.[COLUMNA_REVISION.revisado]).toBe(true);
    expect(next["3"]?.[COLUMNA_REVISION.revisado]).toBeUndefined();
  });

  it("leaves an untick alone: the reviewer may take a row back out", () => {
    const previous = { "2": { [COLUMNA_REVISION.estatus]: "A", [COLUMNA_REVISION.revisado]: true } };
    const untick = { "2": { [COLUMNA_REVISION.estatus]: "A", [COLUMNA_REVISION.revisado]: false } };
    expect(markReviewedOnEdit(previous, untick)).toBe(untick);
  });
});

describe("unsent decisions (issue 23)", () => {
  it("none without edits, or with edits that put back the stored values unticked", () => {
    expect(filasSinEnviar(CONFIG, FILAS, {})).toEqual([]);
    expect(
      filasSinEnviar(CONFIG, FILAS, {
        "3": { [COLUMNA_REVISION.estatus]: "R", [COLUMNA_REVISION.comentarios]: "Sin sello" },
      }),
    ).toEqual([]);
  });

  it("a ticked row, a changed status or a changed comment is unsent; locked or unreviewable rows never are", () => {
    const config = { ...CONFIG };
    const filas: Fila[] = [...FILAS, { id: "6", estatus: "P", comentario: "", conComplemento: false }];
    const edits = {
      "1": { [COLUMNA_REVISION.revisado]: true },
      "2": { [COLUMNA_REVISION.revisado]: true },
      "3": { [COLUMNA_REVISION.comentarios]: "Otro motivo" },
      "4": { [COLUMNA_REVISION.estatus]: "A" },
      "6": { [COLUMNA_REVISION.revisado]: true },
    };
    expect(ids(filasSinEnviar(config, filas, edits))).toEqual(["2", "3", "4"]);
  });

  it("asks in a full, correct Spanish sentence", () => {
    expect(MENSAJE_CAMBIOS_SIN_ENVIAR).toBe(
      "Tiene cambios sin enviar. Si sale de esta página, los cambios se perderán. ¿Desea salir de todos modos?",
    );
  });
});

describe("the confirmation's folio (issue 23)", () => {
  it("is the folio, or the UUID's last 8 characters when the invoice has none", () => {
    expect(folioVisible("C-1", "6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B")).toBe("C-1");
    expect(folioVisible(701, "")).toBe("701");
    expect(folioVisible("S/F", "6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B")).toBe("UUID …1E2F3A4B");
    expect(folioVisible("s/f", "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b")).toBe("UUID …1e2f3a4b");
    expect(folioVisible(" ", "ABCDEF0123456789")).toBe("UUID …23456789");
    expect(folioVisible("S/F", "")).toBe("S/F");
  });
});
