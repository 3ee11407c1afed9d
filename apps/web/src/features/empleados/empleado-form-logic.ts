import {
  type CreateEmpleadoRequest,
  correoSchema,
  createEmpleadoRequestSchema,
  type EmpleadoRow,
  PASSWORD_EMPLEADO_RE,
  passwordEmpleadoOpcionalSchema,
  passwordEmpleadoSchema,
  requiredText,
  type UpdateEmpleadoRequest,
  updateEmpleadoRequestSchema,
} from "@portal/contracts";
import { z } from "zod";
import { fieldErrors } from "../../lib/form-errors";

/**
 * Pure logic of the employee form (spec §3 Employee, §4 form mode, §5 Employee form): values, labels,
 * validation and the request bodies. No React here, so every rule is unit tested directly.
 */

/** Spec §4: Crear when the route id is Nuevo, otherwise Actualizar. */
export type FormMode = "crear" | "actualizar";

export interface EmpleadoFormValues {
  Usuario: string;
  RolEmpleado: string;
  Nombre: string;
  Apellidos: string;
  Correo: string;
  /** Area id as the select holds it (text); sent as a number. */
  Area: string;
  Estatus: string;
  /** Write-only: empty on update means "keep the current password". */
  Contraseña: string;
  ViDocPen: boolean;
  /** Issue 41 (decision 069): 'Aprueba cambios de cuenta bancaria'. */
  ApruebaCuentas: boolean;
  /** Issue 43 (decision 075): 'Consulta la conciliación con el SAT'. */
  ConciliaSat: boolean;
}

export type EmpleadoField = keyof EmpleadoFormValues;

/** Visible labels; validation messages name the field the way the user sees it. */
export const EMPLEADO_LABELS = {
  Usuario: "Usuario",
  RolEmpleado: "Rol",
  Nombre: "Nombre",
  Apellidos: "Apellidos",
  Correo: "Correo electrónico",
  Area: "Área",
  Estatus: "Estatus",
  Contraseña: "Contraseña",
  ViDocPen: "Ver el módulo de documentos pendientes",
  ApruebaCuentas: "Aprueba cambios de cuenta bancaria",
  ConciliaSat: "Consulta la conciliación con el SAT",
} as const satisfies Record<EmpleadoField, string>;

const FIELDS = Object.keys(EMPLEADO_LABELS) as EmpleadoField[];

/** A new employee starts active (the status can only be chosen now, spec §4) with no pending-documents module. */
export const emptyEmpleadoForm = (): EmpleadoFormValues => ({
  Usuario: "",
  RolEmpleado: "",
  Nombre: "",
  Apellidos: "",
  Correo: "",
  Area: "",
  Estatus: "A",
  Contraseña: "",
  ViDocPen: false,
  ApruebaCuentas: false,
  ConciliaSat: false,
});

/** Spec §3 mapping row -> form: IdEmpleado -> Usuario, Perfil -> RolEmpleado, Email -> Correo, IdArea -> Area. */
export const empleadoFormFromRow = (row: EmpleadoRow): EmpleadoFormValues => ({
  Usuario: row.IdEmpleado,
  RolEmpleado: row.Perfil,
  Nombre: row.Nombre,
  Apellidos: row.Apellidos,
  Correo: row.Email,
  Area: String(row.IdArea),
  Estatus: row.Estatus,
  Contraseña: "",
  ViDocPen: row.VisuDocPen === "Y",
  ApruebaCuentas: row.ApruebaCuentas === "Y",
  ConciliaSat: row.ConciliaSat === "Y",
});

const L = EMPLEADO_LABELS;

/** The form's rules, built from the contracts' field rules with the visible labels. */
const empleadoFormSchema = (mode: FormMode) =>
  z.object({
    Usuario: requiredText(L.Usuario, 50),
    RolEmpleado: requiredText(L.RolEmpleado),
    Nombre: requiredText(L.Nombre, 100),
    Apellidos: requiredText(L.Apellidos, 100),
    Correo: requiredText(L.Correo).pipe(correoSchema(L.Correo)),
    Area: requiredText(L.Area),
    Estatus: requiredText(L.Estatus),
    // Spec §5: 4–30 letters and digits, 'La contraseña debe tener entre 4 y 30 caracteres alfanumericos.'
    Contraseña: mode === "crear" ? passwordEmpleadoSchema : passwordEmpleadoOpcionalSchema,
  });

/** Field errors of the employee form (spec §5): every required field (*) and the password rule. */
export function validateEmpleadoForm(
  values: EmpleadoFormValues,
  mode: FormMode,
): Partial<Record<EmpleadoField, string>> {
  return fieldErrors(empleadoFormSchema(mode).safeParse(values), FIELDS);
}

/**
 * Spec §5: "the form cannot be submitted while this fails". On update a blank password is valid (it keeps
 * the current one); on create the password is required.
 */
export function isPasswordAcceptable(password: string, mode: FormMode): boolean {
  return (mode === "actualizar" && password === "") || PASSWORD_EMPLEADO_RE.test(password);
}

interface RequestOptions {
  /** Only an administrator outside profile mode sees (and so sends) the pending-documents flag (spec §5, §6). */
  canSetViDocPen: boolean;
}

export type BuildResult<T> = { ok: true; request: T } | { ok: false; errors: Partial<Record<EmpleadoField, string>> };

const base = (values: EmpleadoFormValues, options: RequestOptions) => ({
  Usuario: values.Usuario.trim(),
  RolEmpleado: values.RolEmpleado,
  Nombre: values.Nombre.trim(),
  Apellidos: values.Apellidos.trim(),
  Correo: values.Correo.trim(),
  Area: Number(values.Area),
  ...(options.canSetViDocPen
    ? {
        ViDocPen: values.ViDocPen ? "Y" : "N",
        ApruebaCuentas: values.ApruebaCuentas ? "Y" : "N",
        ConciliaSat: values.ConciliaSat ? "Y" : "N",
      }
    : {}),
});

function build<T>(
  schema: z.ZodType<T>,
  candidate: unknown,
  values: EmpleadoFormValues,
  mode: FormMode,
): BuildResult<T> {
  const errors = validateEmpleadoForm(values, mode);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = schema.safeParse(candidate);
  return parsed.success ? { ok: true, request: parsed.data } : { ok: false, errors: fieldErrors(parsed, FIELDS) };
}

/** POST createEmpleado body: status and password are part of it (spec §4, §5). */
export function buildCreateEmpleadoRequest(
  values: EmpleadoFormValues,
  options: RequestOptions,
): BuildResult<CreateEmpleadoRequest> {
  const candidate = { ...base(values, options), Estatus: values.Estatus, Contraseña: values.Contraseña };
  return build(createEmpleadoRequestSchema, candidate, values, "crear");
}

/**
 * POST updateEmpleado body: Usuario identifies the employee; the status is locked after creation (spec §4),
 * so it is not sent; a blank password is left out (write-only, unchanged). `Id` is the row number.
 */
export function buildUpdateEmpleadoRequest(
  values: EmpleadoFormValues,
  options: RequestOptions & { fila: number },
): BuildResult<UpdateEmpleadoRequest> {
  const candidate = {
    Id: options.fila,
    ...base(values, options),
    ...(values.Contraseña ? { Contraseña: values.Contraseña } : {}),
  };
  return build(updateEmpleadoRequestSchema, candidate, values, "actualizar");
}
