import { type EmpleadoRow, MSG } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import {
  buildCreateEmpleadoRequest,
  buildUpdateEmpleadoRequest,
  type EmpleadoFormValues,
  empleadoFormFromRow,
  emptyEmpleadoForm,
  isPasswordAcceptable,
  validateEmpleadoForm,
} from "./empleado-form-logic";

const ROW: EmpleadoRow = {
  Fila: 2,
  IdEmpleado: "consulta",
  Perfil: "G",
  Nombre: "Mariana",
  Apellidos: "López Torres",
  Email: "consulta@empresa.com.mx",
  IdArea: 2,
  Area: "Cuentas por pagar",
  Estatus: "A",
  Pass: "",
  VisuDocPen: "N",
};

const valid: EmpleadoFormValues = {
  Usuario: " jperez ",
  RolEmpleado: "G",
  Nombre: "Juan",
  Apellidos: "Pérez",
  Correo: "jperez@empresa.com.mx",
  Area: "3",
  Estatus: "A",
  Contraseña: "Clave2026",
  ViDocPen: true,
  ApruebaCuentas: false,
  ConciliaSat: false,
};

describe("employee form validation (spec §5)", () => {
  it("marks every required field of an empty new employee", () => {
    const errors = validateEmpleadoForm(emptyEmpleadoForm(), "crear");
    expect(errors).toEqual({
      Usuario: "El campo Usuario es obligatorio.",
      RolEmpleado: "El campo Rol es obligatorio.",
      Nombre: "El campo Nombre es obligatorio.",
      Apellidos: "El campo Apellidos es obligatorio.",
      Correo: "El campo Correo electrónico es obligatorio.",
      Area: "El campo Área es obligatorio.",
      Contraseña: MSG.passwordEmpleado,
    });
  });

  it("accepts a complete employee", () => {
    expect(validateEmpleadoForm(valid, "crear")).toEqual({});
  });

  it("checks the e-mail's format", () => {
    expect(validateEmpleadoForm({ ...valid, Correo: "no-es-correo" }, "crear").Correo).toBe(
      "El campo Correo electrónico debe ser un correo electrónico válido.",
    );
  });

  it.each(["abc", "a".repeat(31), "con espacio", "ñandú123", "clave-2026", ""])(
    "refuses the password %j when creating with the spec's message",
    (password) => {
      expect(validateEmpleadoForm({ ...valid, Contraseña: password }, "crear").Contraseña).toBe(MSG.passwordEmpleado);
      expect(isPasswordAcceptable(password, "crear")).toBe(false);
    },
  );

  it.each(["abcd", "A1b2", "a".repeat(30), "Portal2026"])("accepts the password %j", (password) => {
    expect(validateEmpleadoForm({ ...valid, Contraseña: password }, "crear")).toEqual({});
    expect(isPasswordAcceptable(password, "crear")).toBe(true);
  });

  it("on update leaves a blank password alone but still checks a new one", () => {
    const row = empleadoFormFromRow(ROW);
    expect(validateEmpleadoForm(row, "actualizar")).toEqual({});
    expect(isPasswordAcceptable("", "actualizar")).toBe(true);
    expect(validateEmpleadoForm({ ...row, Contraseña: "x" }, "actualizar").Contraseña).toBe(MSG.passwordEmpleado);
    expect(isPasswordAcceptable("x", "actualizar")).toBe(false);
  });
});

describe("employee requests", () => {
  it("builds createEmpleado with the status, the password and, for an administrator, ViDocPen", () => {
    const built = buildCreateEmpleadoRequest(valid, { canSetViDocPen: true });
    expect(built).toEqual({
      ok: true,
      request: {
        Usuario: "jperez",
        RolEmpleado: "G",
        Nombre: "Juan",
        Apellidos: "Pérez",
        Correo: "jperez@empresa.com.mx",
        Area: 3,
        ViDocPen: "Y",
        ApruebaCuentas: "N",
        ConciliaSat: "N",
        Estatus: "A",
        Contraseña: "Clave2026",
      },
    });
  });

  it("leaves ViDocPen out when the checkbox is not shown (profile mode)", () => {
    const built = buildCreateEmpleadoRequest(valid, { canSetViDocPen: false });
    expect(built.ok && "ViDocPen" in built.request).toBe(false);
  });

  it("does not build a request while a field fails", () => {
    const built = buildCreateEmpleadoRequest({ ...valid, Contraseña: "123" }, { canSetViDocPen: true });
    expect(built).toEqual({ ok: false, errors: { Contraseña: MSG.passwordEmpleado } });
  });

  it("builds updateEmpleado without the locked status and without a blank password", () => {
    const values = { ...empleadoFormFromRow(ROW), Nombre: "Mariana Isabel", Estatus: "I" };
    const built = buildUpdateEmpleadoRequest(values, { canSetViDocPen: true, fila: 2 });
    expect(built).toEqual({
      ok: true,
      request: {
        Id: 2,
        Usuario: "consulta",
        RolEmpleado: "G",
        Nombre: "Mariana Isabel",
        Apellidos: "López Torres",
        Correo: "consulta@empresa.com.mx",
        Area: 2,
        ViDocPen: "N",
        ApruebaCuentas: "N",
        ConciliaSat: "N",
      },
    });
  });

  it("sends a new password on update", () => {
    const built = buildUpdateEmpleadoRequest(
      { ...empleadoFormFromRow(ROW), Contraseña: "Nueva2026" },
      { canSetViDocPen: false, fila: 2 },
    );
    expect(built.ok && built.request.Contraseña).toBe("Nueva2026");
    expect(built.ok && "ViDocPen" in built.request).toBe(false);
  });
});
