import { z } from "zod";
import { OPERADORES } from "./constantes";

export const operadorSchema = /* @__PURE__ */ z.enum(OPERADORES, {
  error: "El operador debe ser Proveedor o Empleado.",
});
export type Operador = z.infer<typeof operadorSchema>;

/** Employee roles (spec §3 Employee): A = Administrador, G = General. */
export const rolEmpleadoSchema = /* @__PURE__ */ z.enum(["A", "G"], {
  error: "El rol debe ser A (Administrador) o G (General).",
});
export type RolEmpleado = z.infer<typeof rolEmpleadoSchema>;

/** Active flag A/I (spec §9 codes). */
export const estatusActivoSchema = /* @__PURE__ */ z.enum(["A", "I"], {
  error: "El estatus debe ser A (Activo) o I (Inactivo).",
});
export type EstatusActivo = z.infer<typeof estatusActivoSchema>;
export const ESTATUS_ACTIVO_LABEL = { A: "Activo", I: "Inactivo" } as const;
/** Spec §4: "A means Activo, any other value Inactivo". */
export const estatusActivoLabel = (code: string | null | undefined): string => (code === "A" ? "Activo" : "Inactivo");

/** Yes/no flags Y/N (spec §9). */
export const flagSchema = /* @__PURE__ */ z.enum(["Y", "N"], { error: "El valor debe ser Y o N." });
export type Flag = z.infer<typeof flagSchema>;

/** Supplier record status C/P/R and person type F/M (spec §3 Supplier). */
export const estatusRegistroSchema = /* @__PURE__ */ z.enum(["C", "P", "R"], {
  error: "El estatus del registro debe ser C (Completo), P (Pendiente) o R (Rechazado).",
});
export const ESTATUS_REGISTRO_LABEL = { C: "Completo", P: "Pendiente", R: "Rechazado" } as const;
export const tipoPersonaSchema = /* @__PURE__ */ z.enum(["F", "M"], {
  error: "El tipo de persona debe ser F (Física) o M (Moral).",
});
export const TIPO_PERSONA_LABEL = { F: "Fisica", M: "Moral" } as const;

/** Review codes (spec §4, §9). */
export const estatusRevisionFacturaSchema = /* @__PURE__ */ z.enum(["P", "A", "R"], {
  error: "El estatus debe ser P (Pendiente), A (Aceptada) o R (Rechazada).",
});
export const estatusRevisionPagoSchema = /* @__PURE__ */ z.enum(["P", "A", "R", "V"], {
  error: "El estatus debe ser P (Pendiente), A (Aceptada), R (Rechazada) o V (Validación).",
});
export type EstatusRevisionFactura = z.infer<typeof estatusRevisionFacturaSchema>;
export type EstatusRevisionPago = z.infer<typeof estatusRevisionPagoSchema>;

/**
 * What a review list shows under 'Por revisar' and its Home tile counts (issue 23, decision 025): one rule for
 * both, on the server (the tile's count, the list's order) and in the browser (the filter). An invoice waits for
 * a decision while Pendiente; a complement while Pendiente or in Validación. Rejected rows wait for the supplier.
 */
export const ESTATUS_POR_REVISAR_FACTURA = ["P"] as const satisfies readonly EstatusRevisionFactura[];
export const ESTATUS_POR_REVISAR_PAGO = ["P", "V"] as const satisfies readonly EstatusRevisionPago[];
export const facturaPorRevisar = (estatus: string | null | undefined): boolean =>
  (ESTATUS_POR_REVISAR_FACTURA as readonly string[]).includes(estatus ?? "");
export const pagoPorRevisar = (estatus: string | null | undefined): boolean =>
  (ESTATUS_POR_REVISAR_PAGO as readonly string[]).includes(estatus ?? "");

/** Payment method (spec §3 catalogue lookups, §9): PPD when credit days > 0, otherwise PUE. */
export const metodoPagoSchema = /* @__PURE__ */ z.enum(["PUE", "PPD"], {
  error: "El campo MetodoPago debe ser PUE (Pago en Una Sola Exhibición) o PPD (Pago en Parcialidades o Diferido).",
});
export type MetodoPago = z.infer<typeof metodoPagoSchema>;
// Descriptions of the codes and the PPD/PUE rule live once, with the SAT catalogues, in @portal/cfdi (catalogos.ts).

/** `tipo` of rowProveedores / rowEmpleados (spec §7): the caller's own record (Perfil) or the catalogue (Lista). */
export const tipoConsultaSchema = /* @__PURE__ */ z.enum(["Perfil", "Lista"], {
  error: "El campo tipo debe ser Perfil o Lista.",
});
export type TipoConsulta = z.infer<typeof tipoConsultaSchema>;

/** Home tiles whose count comes from RowDocuments (spec §2 Home, §7). `dato` is the tile name. */
export const TILES_CON_CONTEO = [
  "Pedidos",
  "Entradas de mercancia",
  "Facturas pendientes",
  "Facturas",
  "Pagos",
  "Pagos pendientes",
  // Issue 27: the supplier's (or everyone's) credit notes, and those awaiting a reviewer's decision.
  "Notas de crédito",
  "Notas de crédito pendientes",
] as const;
export const tileConConteoSchema = /* @__PURE__ */ z.enum(TILES_CON_CONTEO, {
  error: "El dato debe ser el nombre de un módulo.",
});
export type TileConConteo = z.infer<typeof tileConConteoSchema>;

/**
 * The same code lists with a message naming the form field, for requests ("El campo Estatus debe ser A
 * (Activo) o I (Inactivo)."). Answers use the plain schemas above.
 */
const codigoCampo = <const T extends readonly [string, ...string[]]>(valores: T, campo: string, opciones: string) =>
  z.enum(valores, { error: `El campo ${campo} debe ser ${opciones}.` });
export const flagCampo = (campo: string) => codigoCampo(["Y", "N"], campo, "Y o N");
export const estatusActivoCampo = (campo: string) => codigoCampo(["A", "I"], campo, "A (Activo) o I (Inactivo)");
export const rolEmpleadoCampo = (campo: string) => codigoCampo(["A", "G"], campo, "A (Administrador) o G (General)");
export const estatusRegistroCampo = (campo: string) =>
  codigoCampo(["C", "P", "R"], campo, "C (Completo), P (Pendiente) o R (Rechazado)");
export const tipoPersonaCampo = (campo: string) => codigoCampo(["F", "M"], campo, "F (Física) o M (Moral)");
