import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** The four situations of the SAT's article 69-B list (column "Situación del contribuyente"). */
export const SITUACIONES_69B = ["Presunto", "Desvirtuado", "Definitivo", "Sentencia Favorable"] as const;
export type Situacion69b = (typeof SITUACIONES_69B)[number];

/**
 * The office and publication data of one stage of the procedure, as the SAT writes it (free text: "500-05-2019-
 * 14365 de fecha 27 de junio de 2019", "19/07/2019"). Empty fields are left out.
 */
export interface Publicacion69b {
  oficioSat?: string;
  publicacionSat?: string;
  oficioDof?: string;
  publicacionDof?: string;
}
export type Publicaciones69b = Partial<
  Record<"presuncion" | "desvirtuado" | "definitivo" | "sentenciaFavorable", Publicacion69b>
>;

/**
 * Every import of the SAT's 69-B list (issue 15), successful or not: when (the injected clock), from where (file
 * name or URL), what it held and, for a failed one, why. The list in force is the newest `ok` import's.
 */
export const lista69bImportaciones = pgTable(
  "lista_69b_importaciones",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    origen: text("origen").notNull(),
    ok: boolean("ok").notNull(),
    /** Why a failed import was refused (Spanish); '' when it succeeded. */
    error: text("error").notNull().default(""),
    /** The file's preamble (the SAT's title and "información actualizada al …"). */
    leyenda: text("leyenda").notNull().default(""),
    /** Data rows read after the header. */
    filas: integer("filas").notNull().default(0),
    /** Distinct RFCs kept (a repeated RFC counts once). */
    rfcs: integer("rfcs").notNull().default(0),
    presuntos: integer("presuntos").notNull().default(0),
    desvirtuados: integer("desvirtuados").notNull().default(0),
    definitivos: integer("definitivos").notNull().default(0),
    sentenciasFavorables: integer("sentencias_favorables").notNull().default(0),
    /** Rows whose RFC the SAT suppressed (XXXXXXXXXXXX) or that carry no valid RFC: skipped. */
    omitidos: integer("omitidos").notNull().default(0),
    /** Rows of an RFC already read (the kept one follows the rule in packages/db/src/lista-69b). */
    repetidos: integer("repetidos").notNull().default(0),
    /** The screening of the supplier base right after the import: suppliers amber (Presunto) and red (Definitivo). */
    proveedoresAmbar: integer("proveedores_ambar").notNull().default(0),
    proveedoresRojo: integer("proveedores_rojo").notNull().default(0),
  },
  (t) => [index("lista_69b_importaciones_ok_idx").on(t.ok, t.id)],
);

/** The list in force: one row per RFC, replaced as a whole by each successful import (in one transaction). */
export const lista69b = pgTable(
  "lista_69b",
  {
    rfc: text("rfc").primaryKey(),
    nombre: text("nombre").notNull(),
    situacion: text("situacion").notNull(),
    publicaciones: jsonb("publicaciones").$type<Publicaciones69b>().notNull(),
    importacionId: integer("importacion_id")
      .notNull()
      .references(() => lista69bImportaciones.id),
  },
  (t) => [
    check(
      "lista_69b_situacion_chk",
      sql`${t.situacion} in ('Presunto', 'Desvirtuado', 'Definitivo', 'Sentencia Favorable')`,
    ),
  ],
);
