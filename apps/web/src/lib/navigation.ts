import type { TileConConteo } from "@portal/contracts";
import { type Access, canAccess } from "./permissions";
import type { Session } from "./session";

/**
 * Drawer entries (spec §2, labels verbatim). Access decides who sees them (spec §6). The portal's additions:
 * 'Complementos atrasados' (issue 27), for the employees who review pending payments, and 'Tareas programadas'
 * (issue 15): the scheduled jobs, for administrators only.
 */
export const MENU_ENTRIES = [
  { id: "empleados", label: "Catálogo de empleados", to: "/Catalogo-Empleados", access: "catalogos" },
  { id: "proveedores", label: "Catálogo de proveedores", to: "/Catalogo-Proveedores", access: "catalogos" },
  { id: "sociedades", label: "Catálogo de sociedades", to: "/Catalogo-Sociedades", access: "catalogos" },
  { id: "pedidos", label: "Pedidos", to: "/Pedidos", access: "session" },
  { id: "entradas", label: "Entradas de mercancía", to: "/Entradas-Mercancia", access: "session" },
  { id: "facturasPendientes", label: "Facturas pendientes", to: "/Facturas-Pendientes", access: "pendientes" },
  { id: "facturas", label: "Mis facturas", to: "/MisFacturas", access: "session" },
  {
    id: "notasCreditoPendientes",
    label: "Notas de crédito pendientes",
    to: "/Notas-Credito-Pendientes",
    access: "pendientes",
  },
  { id: "notasCredito", label: "Notas de crédito", to: "/Notas-Credito", access: "session" },
  { id: "pagosPendientes", label: "Complemento de pago pendientes", to: "/Pagos-Pendientes", access: "pendientes" },
  { id: "pagos", label: "Complemento de pago", to: "/Pagos", access: "session" },
  {
    id: "complementosAtrasados",
    label: "Complementos atrasados",
    to: "/Complementos-Atrasados",
    access: "pendientes",
  },
  // Issue 43 (decision 075): the SAT's received CFDI against the portal and SAP.
  { id: "conciliacionSat", label: "Conciliación SAT", to: "/Conciliacion-SAT", access: "conciliacionSat" },
  { id: "tareas", label: "Tareas programadas", to: "/Tareas", access: "administrador" },
  // Issue 41 item 3 (decision 070): supplier invitations, for administrators.
  { id: "invitaciones", label: "Invitaciones de proveedores", to: "/Invitaciones", access: "administrador" },
  // Issue 41 (decision 069): the supplier's bank accounts; the employees' change requests (deciding needs ApruebaCuentas).
  { id: "cuentasBancarias", label: "Cuentas bancarias", to: "/Cuentas-Bancarias", access: "proveedor" },
  {
    id: "solicitudesCuenta",
    label: "Solicitudes de cuenta bancaria",
    to: "/Solicitudes-Cuenta-Bancaria",
    access: "catalogos",
  },
] as const satisfies readonly { id: string; label: string; to: string; access: Access }[];

export type MenuEntry = (typeof MENU_ENTRIES)[number];
export type MenuEntryId = MenuEntry["id"];

export const HOME_SECTIONS = ["Catálogos", "Pedidos y entradas", "Documentos Electronicos"] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

interface TileDefinition {
  id: MenuEntryId;
  section: HomeSection;
  /** Tile label as the spec writes it (spec §2 Home). */
  label: string;
  to: MenuEntry["to"];
  access: Access;
  /** RowDocuments `dato` for tiles that show a count; catalogue tiles have none (spec §2, §4). */
  dato: TileConConteo | null;
}

/** Home tiles (spec §2 Home), in the spec's order. */
export const HOME_TILES = [
  {
    id: "empleados",
    section: "Catálogos",
    label: "Catalogo de empleados",
    to: "/Catalogo-Empleados",
    access: "catalogos",
    dato: null,
  },
  {
    id: "proveedores",
    section: "Catálogos",
    label: "Catalogo de proveedores",
    to: "/Catalogo-Proveedores",
    access: "catalogos",
    dato: null,
  },
  {
    id: "sociedades",
    section: "Catálogos",
    label: "Catalogo de sociedades",
    to: "/Catalogo-Sociedades",
    access: "catalogos",
    dato: null,
  },
  {
    id: "pedidos",
    section: "Pedidos y entradas",
    label: "Pedidos",
    to: "/Pedidos",
    access: "session",
    dato: "Pedidos",
  },
  {
    id: "entradas",
    section: "Pedidos y entradas",
    label: "Entradas de mercancia",
    to: "/Entradas-Mercancia",
    access: "session",
    dato: "Entradas de mercancia",
  },
  {
    id: "facturasPendientes",
    section: "Documentos Electronicos",
    label: "Facturas pendientes",
    to: "/Facturas-Pendientes",
    access: "pendientes",
    dato: "Facturas pendientes",
  },
  {
    id: "facturas",
    section: "Documentos Electronicos",
    label: "Facturas",
    to: "/MisFacturas",
    access: "session",
    dato: "Facturas",
  },
  {
    id: "notasCreditoPendientes",
    section: "Documentos Electronicos",
    label: "Notas de crédito pendientes",
    to: "/Notas-Credito-Pendientes",
    access: "pendientes",
    dato: "Notas de crédito pendientes",
  },
  {
    id: "notasCredito",
    section: "Documentos Electronicos",
    label: "Notas de crédito",
    to: "/Notas-Credito",
    access: "session",
    dato: "Notas de crédito",
  },
  { id: "pagos", section: "Documentos Electronicos", label: "Pagos", to: "/Pagos", access: "session", dato: "Pagos" },
  {
    id: "pagosPendientes",
    section: "Documentos Electronicos",
    label: "Pagos pendientes",
    to: "/Pagos-Pendientes",
    access: "pendientes",
    dato: "Pagos pendientes",
  },
] as const satisfies readonly TileDefinition[];

export type HomeTile = (typeof HOME_TILES)[number];

export function visibleMenuEntries(session: Session | null): MenuEntry[] {
  return MENU_ENTRIES.filter((entry) => canAccess(session, entry.access));
}

export function visibleTiles(session: Session | null): HomeTile[] {
  return HOME_TILES.filter((tile) => canAccess(session, tile.access));
}

/** Tiles grouped under their headings, headings without visible tiles left out. */
export function visibleTileSections(session: Session | null): { section: HomeSection; tiles: HomeTile[] }[] {
  const tiles = visibleTiles(session);
  return HOME_SECTIONS.map((section) => ({ section, tiles: tiles.filter((tile) => tile.section === section) })).filter(
    (group) => group.tiles.length > 0,
  );
}
