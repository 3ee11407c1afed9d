import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type DatabaseHandle } from "./client";
import { defaultMigrationsFolder, runMigrations } from "./migrate";

/**
 * Migration 0026 (issue 37, decision 051): invoices registered before it take their receipt's DocEntry from what the
 * database knows — the simulated ERP's receipts (erp_mock.entradas, not cancellation documents) and the Service
 * Layer mirror (erp_sl_documentos) — when exactly one receipt of that company database, number and supplier exists;
 * otherwise it stays null and the rule by number keeps holding for those rows. An embedded database is migrated to
 * 0025, given such rows, then migrated to the end.
 */
let handle: DatabaseHandle;
let hasta0025: string;

/** A copy of the committed migrations up to 0025 (its journal cut there). */
function migracionesHasta0025(): string {
  const origen = defaultMigrationsFolder();
  const destino = mkdtempSync(join(tmpdir(), "migraciones-0025-"));
  mkdirSync(join(destino, "meta"));
  const journal = JSON.parse(readFileSync(join(origen, "meta", "_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx <= 25);
  writeFileSync(join(destino, "meta", "_journal.json"), JSON.stringify(journal));
  for (const e of journal.entries) copyFileSync(join(origen, `${e.tag}.sql`), join(destino, `${e.tag}.sql`));
  expect(readdirSync(destino).filter((f) => f.endsWith(".sql"))).toHaveLength(26);
  return destino;
}

/** An invoice of supplier `cardCode` on receipt number `docNum` of BD1, as 0025 stored it (FKs are off). */
const factura = (id: number, cardCode: string, docNum: number, estatus = "P") => sql`
  insert into facturas (id, card_code, sociedad_id, bd, entrada_doc_num, uuid, folio, rfc_emisor, nombre_emisor,
    rfc_receptor, nombre_receptor, cp_emisor, cp_receptor, regimen_receptor, fecha_cfdi, fecha_factura, fecha_timbrado,
    subtotal, total, moneda, forma_pago, metodo_pago, uso_cfdi, pdf_archivo_id, pdf_nombre, xml_archivo_id, xml_nombre,
    recepcion_archivo_id, recepcion_nombre, estatus, created_at, updated_at)
  values (${id}, ${cardCode}, 1, 'BD1', ${docNum}, ${`UUID-${id}`}, ${`F-${id}`}, 'X', 'X', 'Y', 'Y', '1', '2', '601',
    '2026-01-01T00:00:00', '2026-01-01', '2026-01-01T00:00:00', 1, 1, 'MXN', '03', 'PUE', 'G03',
    gen_random_uuid(), 'a.pdf', gen_random_uuid(), 'a.xml', gen_random_uuid(), 'a.png', ${estatus}, now(), now())`;

const receptionOf = (docEntry: number, docNum: number, cardCode: string, canceled = "N") => sql`
  insert into erp_mock.entradas (bd, doc_entry, doc_num, card_code, card_name, doc_status, doc_date, doc_due_date,
    group_num, main_usage, pey_method, doc_cur, doc_total, canceled)
  values ('BD1', ${docEntry}, ${docNum}, ${cardCode}, 'X', 'O', '2026-01-01', '2026-01-01', 0, 'G03', '03', 'MXN', 1,
    ${canceled})`;

beforeAll(async () => {
  hasta0025 = migracionesHasta0025();
  // An in-memory database of its own: never the package's .data/pglite, which a second run would find full.
  handle = await createDatabase({ dataDir: "memory://" });
  await runMigrations(handle, hasta0025);
  const db = handle.db;
  await db.execute(sql`set session_replication_role = replica`);
  // 500: one receipt of P1 (another supplier's shares the number). 600: two of P1 (two series): ambiguous.
  // 700: P1's receipt and a cancellation document with its number. 800: only in the Service Layer mirror.
  // 900: nowhere.
  for (const q of [
    receptionOf(10, 500, "P1"),
    receptionOf(11, 500, "P2"),
    receptionOf(12, 600, "P1"),
    receptionOf(13, 600, "P1"),
    receptionOf(14, 700, "P1", "C"),
    receptionOf(15, 700, "P1"),
    sql`insert into erp_sl_documentos (tipo, bd, doc_entry, doc_num, card_code, doc_date, version)
      values ('entrada', 'BD1', 40, 800, 'P1', '2026-01-01', 'v'), ('pedido', 'BD1', 41, 800, 'P1', '2026-01-01', 'v')`,
    factura(1, "P1", 500),
    factura(2, "P1", 600),
    factura(3, "P1", 700),
    factura(4, "P1", 800),
    factura(5, "P1", 900, "R"),
  ]) {
    await db.execute(q);
  }
  // 0025's trigger did not fire (replica): the rows it would have written, invoice 4 billing 500's twin number too.
  await db.execute(sql`insert into factura_entradas (factura_id, bd, entrada_doc_num, activa)
    values (1, 'BD1', 500, true), (2, 'BD1', 600, true), (3, 'BD1', 700, true), (4, 'BD1', 800, true),
      (5, 'BD1', 900, false)`);
  await db.execute(sql`set session_replication_role = origin`);
  await runMigrations(handle);
}, 120_000);

afterAll(async () => {
  await handle?.close();
  if (hasta0025) rmSync(hasta0025, { recursive: true, force: true });
});

const filas = async <T>(q: ReturnType<typeof sql>): Promise<T[]> =>
  ((await handle.db.execute(q)) as unknown as { rows: T[] }).rows;

describe("migration 0026: stored receipts get their DocEntry", () => {
  it("takes the one receipt of that number and supplier; leaves null where there are none or several", async () => {
    const rows = await filas<{ id: number; entrada_doc_entry: number | null }>(
      sql`select id, entrada_doc_entry from facturas order by id`,
    );
    expect(rows.map((r) => [r.id, r.entrada_doc_entry])).toEqual([
      [1, 10],
      [2, null],
      [3, 15],
      [4, 40],
      [5, null],
    ]);
    const entradas = await filas<{ factura_id: number; entrada_doc_num: number; entrada_doc_entry: number | null }>(
      sql`select factura_id, entrada_doc_num, entrada_doc_entry from factura_entradas order by factura_id`,
    );
    expect(entradas.map((r) => [r.factura_id, r.entrada_doc_num, r.entrada_doc_entry])).toEqual([
      [1, 500, 10],
      [2, 600, null],
      [3, 700, 15],
      [4, 800, 40],
      [5, 900, null],
    ]);
  });

  it("the rule moves to DocEntry: the twin of a receipt may be invoiced, the same receipt may not", async () => {
    const db = handle.db;
    await db.execute(sql`set session_replication_role = replica`);
    try {
      // Receipt 600's unresolved row still holds number 600 among unresolved rows.
      await expect(
        db.execute(
          sql`insert into factura_entradas (factura_id, bd, entrada_doc_num, activa) values (3, 'BD1', 600, true)`,
        ),
      ).rejects.toThrow();
      // Another receipt numbered 500 (DocEntry 11) is free; DocEntry 10 again is not.
      await db.execute(sql`insert into factura_entradas (factura_id, bd, entrada_doc_num, entrada_doc_entry, activa)
        values (2, 'BD1', 500, 11, true)`);
      await expect(
        db.execute(sql`insert into factura_entradas (factura_id, bd, entrada_doc_num, entrada_doc_entry, activa)
          values (3, 'BD1', 500, 10, true)`),
      ).rejects.toThrow();
    } finally {
      await db.execute(sql`set session_replication_role = origin`);
    }
  });

  it("a new invoice owns its receipt by DocEntry at once (trigger)", async () => {
    const db = handle.db;
    // Foreign keys off (they are triggers too), the invoice's own trigger on.
    await db.execute(sql`alter table facturas disable trigger all`);
    await db.execute(sql`alter table facturas enable trigger facturas_entradas_alta`);
    try {
      await db.execute(sql`insert into facturas select (jsonb_populate_record(null::facturas, to_jsonb(f)
          || '{"id": 6, "uuid": "UUID-6", "entrada_doc_num": 910, "entrada_doc_entry": 77, "estatus": "P"}'::jsonb)).*
        from facturas f where f.id = 1`);
    } finally {
      await db.execute(sql`alter table facturas enable trigger all`);
    }
    const rows = await filas<{ entrada_doc_num: number; entrada_doc_entry: number; activa: boolean }>(
      sql`select entrada_doc_num, entrada_doc_entry, activa from factura_entradas where factura_id = 6`,
    );
    expect(rows).toEqual([{ entrada_doc_num: 910, entrada_doc_entry: 77, activa: true }]);
  });
});
