import { MSG } from "@portal/contracts";
import { createDataAccess, type Database } from "@portal/db";
import { describe, expect, it } from "vitest";
import { Invalid } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-user";
import type { Data, Repositories } from "../../repositories";
import { type ReviewedRecord, type ReviewKind, type ReviewRow, review, reviewWindowStart } from "./review-kit";

interface Fila extends ReviewRow {
  Doc: number;
}
interface Registro extends ReviewedRecord {
  folio: string;
}

const now = new Date("2026-03-10T12:00:00Z");
const user = { id: "E1", operador: "Empleado" } as SessionUser;

/**
 * A fake database behind the real data access (createDataAccess, so its conflict retries run as in production):
 * the transaction's writes are recorded, and kept only when the callback returns.
 */
function fakeData() {
  const hechos: string[] = [];
  let pendientes: string[] = [];
  // Typed by the repository it stands for, so a change of the audit call fails the typecheck here too.
  const auditoria: Pick<Repositories["auditoria"], "recordChange"> = {
    recordChange: async (_by, change) => {
      pendientes.push(`audit ${change.id} ${change.to}`);
    },
  };
  const tx = {
    auditoria,
    proveedores: { findByCardCode: async (c: string) => ({ cardName: c, email: `${c}@x.mx` }) },
    correo: { enqueue: async (m: { asunto: string }) => pendientes.push(`correo ${m.asunto}`) },
  } as unknown as Repositories;
  const db = {
    transaction: async (work: (handle: unknown) => Promise<unknown>) => {
      pendientes = [];
      const r = await work(db);
      hechos.push(...pendientes);
      return r;
    },
  } as unknown as Database;
  const data: Data = createDataAccess(db, () => tx);
  return { data, hechos };
}

/** PostgreSQL's deadlock as Drizzle throws it: the driver's error, SQLSTATE 40P01, in the query error's cause. */
const deadlock = () =>
  new Error('Failed query: update "facturas" …', {
    cause: Object.assign(new Error("deadlock detected"), { code: "40P01", routine: "DeadLockReport" }),
  });

function kind(registros: Registro[], opciones: Partial<ReviewKind<Fila, Registro, string>> = {}) {
  const eventos: string[] = [];
  const k: ReviewKind<Fila, Registro, string> = {
    auditEntity: "doc",
    idOf: (f) => f.Doc,
    label: (r) => r.folio,
    sentences: {
      noExiste: (id) => `no existe ${id}`,
      bloqueada: (l) => `bloqueada ${l}`,
      sinComentario: (l) => `sin comentario ${l}`,
      desactualizada: (l) => `desactualizada ${l}`,
    },
    read: async (ids) => registros.filter((r) => ids.includes(r.id)),
    decide: async (_tx, id, version, v) => {
      eventos.push(`decide ${id} v${version} ${v.estatus} «${v.comentarios}»`);
      return registros.find((r) => r.id === id)?.version === version;
    },
    afterDecide: async (_tx, fila, r) => {
      eventos.push(`hook ${r.id} ${fila.Estatus}`);
    },
    afterCommit: (decididas) => eventos.push(`commit ${decididas.map((d) => d.record.id).join(",")}`),
    mail: (r, estatus) => ({ subject: `${r.folio} ${estatus}`, paragraph: "p", correction: "c" }),
    ...opciones,
  };
  return { k, eventos };
}

const registro = (id: number, estatus = "P", version = 1): Registro => ({
  id,
  estatus,
  version,
  cardCode: "P1",
  folio: `F-${id}`,
});
const fila = (Doc: number, Estatus: string, Comentarios = "", Version = 1): Fila => ({
  Doc,
  Estatus,
  Comentarios,
  Version,
});

describe("review", () => {
  it("decides every row in one transaction: audit, the kind's hook, mail on A and R, then afterCommit", async () => {
    const { data, hechos } = fakeData();
    const { k, eventos } = kind([registro(1), registro(2), registro(3, "R")]);
    const filas = [fila(1, "A"), fila(2, "R", "  falta sello "), fila(3, "R", "otra vez")];
    expect(await review({ data, clock: () => now }, k, user, filas)).toBe(MSG.revisionExito);
    expect(eventos).toEqual([
      "decide 1 v1 A «»",
      "hook 1 A",
      "decide 2 v1 R «falta sello»",
      "hook 2 R",
      "decide 3 v1 R «otra vez»",
      "hook 3 R",
      "commit 1,2,3",
    ]);
    // Row 3 stays R: audited, no mail.
    expect(hechos).toEqual([
      "audit 1 A",
      "correo Portal de Proveedores: F-1 A",
      "audit 2 R",
      "correo Portal de Proveedores: F-2 R",
      "audit 3 R",
    ]);
  });

  it("refuses every bad row together, in the kit's order with the kind's check in between; nothing is written", async () => {
    const { data, hechos } = fakeData();
    const { k, eventos } = kind([registro(1, "A"), registro(2), registro(3), registro(4), registro(5, "P", 2)], {
      check: async (todos) => {
        expect(todos.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
        return (r) => (r.id === 2 ? "propia 2" : null);
      },
    });
    const filas = [fila(9, "A"), fila(1, "R"), fila(2, "R"), fila(3, "R", " "), fila(4, "A"), fila(5, "A")];
    const refusal = review({ data, clock: () => now }, k, user, filas);
    await expect(refusal).rejects.toThrow(Invalid);
    await expect(refusal).rejects.toMatchObject({
      messages: [
        MSG.revisionError,
        "no existe 9",
        "bloqueada F-1",
        "propia 2",
        "sin comentario F-3",
        "desactualizada F-5",
      ],
    });
    expect(eventos).toEqual([]);
    expect(hechos).toEqual([]);
  });

  it("a document changed between the checks and the write rolls the whole review back", async () => {
    const { data, hechos } = fakeData();
    const registros = [registro(1), registro(2)];
    const { k, eventos } = kind(registros, {
      decide: async (_tx, id) => id !== 2,
    });
    await expect(review({ data, clock: () => now }, k, user, [fila(1, "A"), fila(2, "A")])).rejects.toMatchObject({
      messages: [MSG.revisionError, "desactualizada F-2"],
    });
    expect(hechos).toEqual([]);
    expect(eventos).toEqual(["hook 1 A"]);
  });
});

describe("review: two reviewers at once (issue 36)", () => {
  it("writes the rows in ascending id whatever the body's order; the refusals keep the body's order", async () => {
    const { data, hechos } = fakeData();
    const { k, eventos } = kind([registro(3), registro(1), registro(2)]);
    const filas = [fila(3, "A"), fila(1, "R", "uno"), fila(2, "A")];
    expect(await review({ data, clock: () => now }, k, user, filas)).toBe(MSG.revisionExito);
    expect(eventos).toEqual([
      "decide 1 v1 R «uno»",
      "hook 1 R",
      "decide 2 v1 A «»",
      "hook 2 A",
      "decide 3 v1 A «»",
      "hook 3 A",
      // afterCommit gets the rows as they were sent.
      "commit 3,1,2",
    ]);
    expect(hechos.filter((h) => h.startsWith("audit"))).toEqual(["audit 1 R", "audit 2 A", "audit 3 A"]);

    const refusal = review({ data, clock: () => now }, kind([registro(2, "A"), registro(1, "A")]).k, user, [
      fila(2, "R", "x"),
      fila(1, "R", "x"),
    ]);
    await expect(refusal).rejects.toMatchObject({ messages: [MSG.revisionError, "bloqueada F-2", "bloqueada F-1"] });
  });

  it("a deadlock (40P01) runs the whole transaction once more: only the second attempt's writes are kept", async () => {
    const { data, hechos } = fakeData();
    let intentos = 0;
    const { k, eventos } = kind([registro(1), registro(2)], {
      decide: async (_tx, id) => {
        if (id === 2 && ++intentos === 1) throw deadlock();
        return true;
      },
    });
    expect(await review({ data, clock: () => now }, k, user, [fila(2, "A"), fila(1, "A")])).toBe(MSG.revisionExito);
    expect(intentos).toBe(2);
    // Row 1's hook ran in both attempts; the first attempt's audit and mail were rolled back with it.
    expect(eventos).toEqual(["hook 1 A", "hook 1 A", "hook 2 A", "commit 2,1"]);
    expect(hechos).toEqual([
      "audit 1 A",
      "correo Portal de Proveedores: F-1 A",
      "audit 2 A",
      "correo Portal de Proveedores: F-2 A",
    ]);
  });

  it("a second deadlock answers every row 'changed while you reviewed it' (400), never the driver's error", async () => {
    const { data, hechos } = fakeData();
    let intentos = 0;
    const { k, eventos } = kind([registro(1), registro(2)], {
      decide: async (_tx, id) => {
        if (id === 2) {
          intentos++;
          throw deadlock();
        }
        return true;
      },
    });
    const respuesta = review({ data, clock: () => now }, k, user, [fila(2, "A"), fila(1, "R", "motivo")]);
    await expect(respuesta).rejects.toThrow(Invalid);
    await expect(respuesta).rejects.toMatchObject({
      statusCode: 400,
      messages: [MSG.revisionError, "desactualizada F-1", "desactualizada F-2"],
    });
    expect(intentos).toBe(2);
    expect(hechos).toEqual([]);
    expect(eventos).not.toContain("commit 2,1");
  });

  it("any other failure of the transaction is thrown as it is, without running it again", async () => {
    const { data } = fakeData();
    let intentos = 0;
    const { k } = kind([registro(1)], {
      decide: async () => {
        intentos++;
        throw new Error("otra falla");
      },
    });
    await expect(review({ data, clock: () => now }, k, user, [fila(1, "A")])).rejects.toThrow("otra falla");
    expect(intentos).toBe(1);
  });
});

describe("reviewWindowStart", () => {
  it("is 30 days before now", () => {
    expect(reviewWindowStart(() => now).toISOString()).toBe("2026-02-08T12:00:00.000Z");
  });
});
