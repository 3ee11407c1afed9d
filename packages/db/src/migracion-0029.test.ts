import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type DatabaseHandle } from "./client";
import { defaultMigrationsFolder, runMigrations } from "./migrate";

/**
 * Migration 0029 (issue 39, decision 060): credit notes keep every relation group of their CFDI. The notes stored
 * before it get one group — their tipo_relacion with the UUIDs (upper case) of the invoices they credit — without a
 * new version. An embedded database is migrated to 0027, given such notes, then migrated to the end.
 */
let handle: DatabaseHandle;
let hasta0027: string;

/** A copy of the committed migrations up to 0027 (its journal cut there). */
function migracionesHasta0027(): string {
  const origen = defaultMigrationsFolder();
  const destino = mkdtempSync(join(tmpdir(), "migraciones-0027-"));
  mkdirSync(join(destino, "meta"));
  const journal = JSON.parse(readFileSync(join(origen, "meta", "_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx <= 27);
  writeFileSync(join(destino, "meta", "_journal.json"), JSON.stringify(journal));
  for (const e of journal.entries) copyFileSync(join(origen, `${e.tag}.sql`), join(destino, `${e.tag}.sql`));
  return destino;
}

/** An accepted invoice, as 0027 stored it (foreign keys are off). */
const factura = (id: number, uuid: string) => sql`
  insert into facturas (id, card_code, sociedad_id, bd, entrada_doc_num, uuid, folio, rfc_emisor, nombre_emisor,
    rfc_receptor, nombre_receptor, cp_emisor, cp_receptor, regimen_receptor, fecha_cfdi, fecha_factura, fecha_timbrado,
    subtotal, total, moneda, forma_pago, metodo_pago, uso_cfdi, pdf_archivo_id, pdf_nombre, xml_archivo_id, xml_nombre,
    recepcion_archivo_id, recepcion_nombre, estatus, created_at, updated_at)
  values (${id}, 'P1', 1, 'BD1', ${id}, ${uuid}, ${`F-${id}`}, 'X', 'X', 'Y', 'Y', '1', '2', '601',
    '2026-01-01T00:00:00', '2026-01-01', '2026-01-01T00:00:00', 1, 1, 'MXN', '03', 'PUE', 'G03',
    gen_random_uuid(), 'a.pdf', gen_random_uuid(), 'a.xml', gen_random_uuid(), 'a.png', 'A', now(), now())`;

/** A credit note of type `tipo`, at version 3, as 0027 stored it. */
const nota = (id: number, tipo: string) => sql`
  insert into notas_credito (id, card_code, sociedad_id, bd, uuid, folio, tipo_relacion, rfc_emisor, nombre_emisor,
    rfc_receptor, nombre_receptor, fecha_cfdi, fecha_timbrado, subtotal, total, moneda, pdf_archivo_id, pdf_nombre,
    xml_archivo_id, xml_nombre, estatus, version, created_at, updated_at)
  values (${id}, 'P1', 1, 'BD1', ${`NOTA-${id}`}, ${`NC-${id}`}, ${tipo}, 'X', 'X', 'Y', 'Y', '2026-01-02T00:00:00',
    '2026-01-02T00:00:00', 1, 1, 'MXN', gen_random_uuid(), 'n.pdf', gen_random_uuid(), 'n.xml', 'P', 3, now(), now())`;

beforeAll(async () => {
  hasta0027 = migracionesHasta0027();
  // An in-memory database of its own: nothing left behind, nothing shared with another test.
  handle = await createDatabase({ dataDir: "memory://" });
  await runMigrations(handle, hasta0027);
  const db = handle.db;
  await db.execute(sql`set session_replication_role = replica`);
  // Note 1 credits invoices 2 and 1 (03); note 2 (01) credits invoice 3; note 3 credits nothing stored.
  for (const q of [
    factura(1, "aaaaaaaa-1111-4111-8111-111111111111"),
    factura(2, "BBBBBBBB-2222-4222-8222-222222222222"),
    factura(3, "CCCCCCCC-3333-4333-8333-333333333333"),
    nota(1, "03"),
    nota(2, "01"),
    nota(3, "01"),
    sql`insert into notas_credito_facturas (nota_credito_id, factura_id, importe) values (1, 2, 1), (1, 1, 1), (2, 3, 1)`,
  ]) {
    await db.execute(q);
  }
  await db.execute(sql`set session_replication_role = origin`);
  await runMigrations(handle);
}, 120_000);

afterAll(async () => {
  await handle?.close();
  if (hasta0027) rmSync(hasta0027, { recursive: true, force: true });
});

const filas = async <T>(q: ReturnType<typeof sql>): Promise<T[]> =>
  ((await handle.db.execute(q)) as unknown as { rows: T[] }).rows;

describe("migration 0029: credit notes keep their relation groups", () => {
  it("gives each older note one group, its type with its invoices' UUIDs, and keeps its version", async () => {
    const rows = await filas<{ id: number; relaciones: unknown; version: number }>(
      sql`select id, relaciones, version from notas_credito order by id`,
    );
    expect(rows).toEqual([
      {
        id: 1,
        relaciones: [
          {
            TipoRelacion: "03",
            UUIDs: ["AAAAAAAA-1111-4111-8111-111111111111", "BBBBBBBB-2222-4222-8222-222222222222"],
          },
        ],
        version: 3,
      },
      { id: 2, relaciones: [{ TipoRelacion: "01", UUIDs: ["CCCCCCCC-3333-4333-8333-333333333333"] }], version: 3 },
      { id: 3, relaciones: [{ TipoRelacion: "01", UUIDs: [] }], version: 3 },
    ]);
  });

  it("still bumps a note's version on a later change (the trigger is back on)", async () => {
    await handle.db.execute(sql`update notas_credito set comentarios = 'x' where id = 2`);
    const [row] = await filas<{ version: number }>(sql`select version from notas_credito where id = 2`);
    expect(row?.version).toBe(4);
  });
});
