import { describe, expect, it } from "vitest";
import { HOME_TILES, MENU_ENTRIES, visibleMenuEntries, visibleTileSections, visibleTiles } from "./navigation";
import { canAccess, isAdministrador } from "./permissions";
import type { Session } from "./session";

const base = { access: "t", usuario: "Nombre", id: "1" };
const admin: Session = { ...base, operador: "Empleado", tipoEmpleado: "Administrador", ViDocPen: "Y" };
const general: Session = { ...base, operador: "Empleado", tipoEmpleado: "General", ViDocPen: "N" };
const generalConPendientes: Session = { ...general, ViDocPen: "Y" };
const proveedor: Session = { ...base, operador: "Proveedor", tipoEmpleado: "General", ViDocPen: "Y" };

const labels = (session: Session | null) => visibleMenuEntries(session).map((entry) => entry.label);

describe("canAccess (spec §6)", () => {
  it("denies everything without a session", () => {
    for (const access of [
      "session",
      "catalogos",
      "pendientes",
      "proveedor",
      "administrador",
      "conciliacionSat",
    ] as const) {
      expect(canAccess(null, access)).toBe(false);
    }
  });

  it("shows catalogues to every employee and never to suppliers", () => {
    expect(canAccess(admin, "catalogos")).toBe(true);
    expect(canAccess(general, "catalogos")).toBe(true);
    expect(canAccess(proveedor, "catalogos")).toBe(false);
  });

  it("shows pending reviews only to employees with ViDocPen Y", () => {
    expect(canAccess(admin, "pendientes")).toBe(true);
    expect(canAccess(generalConPendientes, "pendientes")).toBe(true);
    expect(canAccess(general, "pendientes")).toBe(false);
    expect(canAccess(proveedor, "pendientes")).toBe(false); // even with ViDocPen Y
  });

  it("keeps the scheduled jobs for employee administrators", () => {
    expect(canAccess(admin, "administrador")).toBe(true);
    expect(canAccess(general, "administrador")).toBe(false);
    expect(canAccess(proveedor, "administrador")).toBe(false);
    expect(canAccess({ ...proveedor, tipoEmpleado: "Administrador" }, "administrador")).toBe(false);
  });

  it("shows the SAT reconciliation to administrators and to employees with ConciliaSat (issue 43)", () => {
    expect(canAccess(admin, "conciliacionSat")).toBe(true);
    expect(canAccess({ ...admin, ViDocPen: "N" }, "conciliacionSat")).toBe(true);
    expect(canAccess({ ...general, ConciliaSat: "Y" }, "conciliacionSat")).toBe(true);
    // A reviewer of pending documents without the permission does not.
    expect(canAccess(generalConPendientes, "conciliacionSat")).toBe(false);
    expect(canAccess(general, "conciliacionSat")).toBe(false);
    expect(canAccess({ ...proveedor, ConciliaSat: "Y" }, "conciliacionSat")).toBe(false);
  });

  it("keeps new-invoice registration for suppliers", () => {
    expect(canAccess(proveedor, "proveedor")).toBe(true);
    expect(canAccess(admin, "proveedor")).toBe(false);
  });

  it("knows the administrator", () => {
    expect(isAdministrador(admin)).toBe(true);
    expect(isAdministrador(general)).toBe(false);
    expect(isAdministrador({ ...proveedor, tipoEmpleado: "Administrador" })).toBe(false);
  });
});

describe("drawer entries", () => {
  it("lists the spec's nine entries in order, the credit notes and 'Complementos atrasados' (issue 27), 'Conciliación SAT' (issue 43), then the portal's scheduled jobs (issue 15) and supplier invitations (issue 41)", () => {
    expect(MENU_ENTRIES.map((entry) => entry.label)).toEqual([
      "Catálogo de empleados",
      "Catálogo de proveedores",
      "Catálogo de sociedades",
      "Pedidos",
      "Entradas de mercancía",
      "Facturas pendientes",
      "Mis facturas",
      "Notas de crédito pendientes",
      "Notas de crédito",
      "Complemento de pago pendientes",
      "Complemento de pago",
      "Complementos atrasados",
      "Conciliación SAT",
      "Tareas programadas",
      "Invitaciones de proveedores",
      "Cuentas bancarias",
      "Solicitudes de cuenta bancaria",
    ]);
  });

  it("filters by role: 'Tareas programadas' and 'Invitaciones de proveedores' are for administrators only", () => {
    expect(labels(admin)).toHaveLength(16);
    expect(labels(admin)).toContain("Tareas programadas");
    expect(labels(admin)).toContain("Invitaciones de proveedores");
    expect(labels(generalConPendientes)).not.toContain("Tareas programadas");
    expect(labels(generalConPendientes)).not.toContain("Invitaciones de proveedores");
    // 'Complementos atrasados' (issue 27): for the employees who review pending payments (ViDocPen Y).
    expect(labels(generalConPendientes)).toContain("Complementos atrasados");
    expect(labels(general)).not.toContain("Complementos atrasados");
    // 'Conciliación SAT' (issue 43): administrators and the employees with ConciliaSat, not the reviewers as such.
    expect(labels({ ...general, ConciliaSat: "Y" })).toContain("Conciliación SAT");
    expect(labels(generalConPendientes)).not.toContain("Conciliación SAT");
    expect(labels(general)).not.toContain("Conciliación SAT");
    expect(labels(general)).toEqual([
      "Catálogo de empleados",
      "Catálogo de proveedores",
      "Catálogo de sociedades",
      "Pedidos",
      "Entradas de mercancía",
      "Mis facturas",
      "Notas de crédito",
      "Complemento de pago",
      "Solicitudes de cuenta bancaria",
    ]);
    expect(labels(proveedor)).toEqual([
      "Pedidos",
      "Entradas de mercancía",
      "Mis facturas",
      "Notas de crédito",
      "Complemento de pago",
      "Cuentas bancarias",
    ]);
    expect(labels(null)).toEqual([]);
  });
});

describe("home tiles", () => {
  it("asks RowDocuments for every non-catalogue tile and never for catalogues", () => {
    for (const tile of HOME_TILES) {
      expect(tile.dato === null).toBe(tile.section === "Catálogos");
    }
  });

  it("groups visible tiles under the spec's headings", () => {
    expect(visibleTileSections(admin).map((group) => group.section)).toEqual([
      "Catálogos",
      "Pedidos y entradas",
      "Documentos Electronicos",
    ]);
    expect(visibleTileSections(proveedor).map((group) => group.section)).toEqual([
      "Pedidos y entradas",
      "Documentos Electronicos",
    ]);
    expect(visibleTiles(proveedor).map((tile) => tile.label)).toEqual([
      "Pedidos",
      "Entradas de mercancia",
      "Facturas",
      "Notas de crédito",
      "Pagos",
    ]);
    expect(visibleTiles(general).map((tile) => tile.label)).not.toContain("Facturas pendientes");
    expect(visibleTiles(general).map((tile) => tile.label)).not.toContain("Notas de crédito pendientes");
    expect(visibleTiles(admin).map((tile) => tile.label)).toContain("Pagos pendientes");
  });
});
