import { MSG } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import {
  buildSentCorreoRequest,
  buildUpdateProveedorRequest,
  diasRestantesLabel,
  documentosFaltantes,
  documentosVista,
  primerCorreo,
  proveedorFormFromRow,
  proveedorFormRole,
  validateProveedorForm,
  validateVincularSociedad,
} from "./proveedor-form-logic";
import { BERENICE, KEMPER } from "./proveedores.fixtures";

const PDF = { nombre: "opinion.pdf", base64: "JVBERi0xLjQK", bytes: 9 };

describe("roles (spec §6)", () => {
  it("gives each operator its way of using the supplier detail", () => {
    expect(proveedorFormRole({ operador: "Empleado", tipoEmpleado: "Administrador" })).toBe("administrador");
    expect(proveedorFormRole({ operador: "Empleado", tipoEmpleado: "General" })).toBe("consulta");
    expect(proveedorFormRole({ operador: "Proveedor", tipoEmpleado: "General" })).toBe("proveedor");
  });
});

describe("documents (spec §2, §3)", () => {
  it("shows all seven documents to a persona moral and five to a persona física", () => {
    expect(documentosVista(KEMPER, proveedorFormFromRow(KEMPER)).map((v) => v.documento.clave)).toEqual([
      "ActaConstitutiva",
      "IdentificacionOficial",
      "ComprobanteDomicilio",
      "CedulaFiscal",
      "EstadoCuenta",
      "OpinionCumplimiento",
      "CaratulaBancaria",
    ]);
    expect(documentosVista(BERENICE, proveedorFormFromRow(BERENICE)).map((v) => v.documento.clave)).toEqual([
      "IdentificacionOficial",
      "ComprobanteDomicilio",
      "CedulaFiscal",
      "OpinionCumplimiento",
      "CaratulaBancaria",
    ]);
  });

  it("calls a document 'Cargado' when it is stored or picked now", () => {
    const values = proveedorFormFromRow(BERENICE);
    const before = documentosVista(BERENICE, values).find((v) => v.documento.clave === "OpinionCumplimiento");
    expect(before).toMatchObject({ isCargado: false, isRequerido: true, pendiente: null });
    const after = documentosVista(BERENICE, { ...values, archivos: { OpinionCumplimiento: PDF } }).find(
      (v) => v.documento.clave === "OpinionCumplimiento",
    );
    expect(after).toMatchObject({ isCargado: true, pendiente: PDF });
    const caratula = documentosVista(BERENICE, values).find((v) => v.documento.clave === "CaratulaBancaria");
    expect(caratula?.isRequerido).toBeNull();
  });

  it("labels the days remaining", () => {
    expect(diasRestantesLabel(30)).toBe("30 días");
    expect(diasRestantesLabel(1)).toBe("1 día");
    expect(diasRestantesLabel(0)).toBe("Vence hoy");
    expect(diasRestantesLabel(-3)).toBe("Vencido hace 3 días");
    expect(diasRestantesLabel(null, true)).toBe("Sin vencimiento");
    expect(diasRestantesLabel(null)).toBe("—");
  });
});

describe("supplier profile update (spec §5)", () => {
  it("blocks the update while a required document is missing, with the spec's message", () => {
    const values = proveedorFormFromRow(BERENICE);
    expect(documentosFaltantes(BERENICE, values)).toEqual([MSG.documentoOpinionCumplimiento]);
    expect(buildUpdateProveedorRequest(BERENICE, values, "proveedor")).toEqual({
      ok: false,
      errors: {},
      messages: [MSG.documentoOpinionCumplimiento],
    });
  });

  it("lists every missing document in the spec's order, Moral-only ones only for a persona moral", () => {
    const sinNada = {
      ...KEMPER,
      ActaConstitutiva: { ...KEMPER.ActaConstitutiva, Archivo: "" },
      EstadoCuenta: { ...KEMPER.EstadoCuenta, Archivo: "" },
      CedulaFiscal: { ...KEMPER.CedulaFiscal, Archivo: "" },
    };
    expect(documentosFaltantes(sinNada, proveedorFormFromRow(sinNada))).toEqual([
      MSG.documentoActaConstitutiva,
      MSG.documentoCedulaFiscal,
      MSG.documentoEstadoCuenta,
    ]);
    const fisica = { ...sinNada, U_SYS_PMTYPE: "F" as const };
    expect(documentosFaltantes(fisica, proveedorFormFromRow(fisica))).toEqual([MSG.documentoCedulaFiscal]);
  });

  it("does not ask for a document that is not flagged required", () => {
    const values = proveedorFormFromRow(BERENICE);
    values.requeridos.OpinionCumplimiento = false;
    expect(documentosFaltantes(BERENICE, values)).toEqual([]);
  });

  it("sends the supplier's contact data and the PDFs picked now, nothing an administrator owns", () => {
    const values = {
      ...proveedorFormFromRow(BERENICE),
      Phone1: " 33 1111 2222 ",
      U_SYS_PMESPR: "R",
      CardName: "OTRO NOMBRE",
      archivos: { OpinionCumplimiento: PDF },
    };
    expect(buildUpdateProveedorRequest(BERENICE, values, "proveedor")).toEqual({
      ok: true,
      request: {
        CardCode: "P00002",
        Phone1: "33 1111 2222",
        E_Mail: "berenice.ximo@correo.com.mx",
        CntctPrsn: "Berenice Ximo Quezada",
        OpinionCumplimiento: { Archivo: "opinion.pdf", Archivo64: PDF.base64 },
      },
    });
  });

  it("checks the supplier's e-mails", () => {
    const values = { ...proveedorFormFromRow(KEMPER), E_Mail: "uno@kemper.mx, dos" };
    expect(validateProveedorForm(values, "proveedor").E_Mail).toBe(
      "El campo Correo electrónico debe contener correos electrónicos válidos separados por comas.",
    );
  });
});

describe("supplier password change (issue 9)", () => {
  it("asks for the current password when the supplier sets a new one, and sends both", () => {
    const values = { ...proveedorFormFromRow(KEMPER), U_SYS_PMPASS: "Nueva2026" };
    expect(validateProveedorForm(values, "proveedor").ContraseñaActual).toBe(MSG.contraseñaActualRequerida);
    const built = buildUpdateProveedorRequest(KEMPER, { ...values, ContraseñaActual: "Portal2026" }, "proveedor");
    expect(built.ok && built.request).toMatchObject({ U_SYS_PMPASS: "Nueva2026", ContraseñaActual: "Portal2026" });
  });

  it("does not ask for it when the password stays, nor from an administrator", () => {
    expect(validateProveedorForm(proveedorFormFromRow(KEMPER), "proveedor").ContraseñaActual).toBeUndefined();
    const values = { ...proveedorFormFromRow(KEMPER), U_SYS_PMPASS: "Nueva2026" };
    expect(validateProveedorForm(values, "administrador").ContraseñaActual).toBeUndefined();
    const built = buildUpdateProveedorRequest(KEMPER, { ...values, ContraseñaActual: "x" }, "administrador");
    expect(built.ok && built.request).not.toHaveProperty("ContraseñaActual");
  });
});

describe("supplier password rule (issue 22: the employees' rule)", () => {
  it("refuses 1 character (and anything but 4 to 30 letters and digits) for the supplier and for a reset", () => {
    for (const role of ["proveedor", "administrador"] as const) {
      for (const nueva of ["x", "abc", "con espacio", "a".repeat(31), "clave!2026"]) {
        const values = { ...proveedorFormFromRow(KEMPER), U_SYS_PMPASS: nueva, ContraseñaActual: "Portal2026" };
        expect(validateProveedorForm(values, role).U_SYS_PMPASS, `${role} ${nueva}`).toBe(MSG.passwordEmpleado);
        expect(buildUpdateProveedorRequest(KEMPER, values, role).ok).toBe(false);
      }
      const valida = { ...proveedorFormFromRow(KEMPER), U_SYS_PMPASS: "Kemper2027", ContraseñaActual: "Portal2026" };
      expect(validateProveedorForm(valida, role).U_SYS_PMPASS).toBeUndefined();
    }
  });
});

describe("administrator update (spec §4, §6, §7)", () => {
  it("requires the rejection reason when the record is rejected", () => {
    const values = { ...proveedorFormFromRow(KEMPER), U_SYS_PMESPR: "R" };
    expect(validateProveedorForm(values, "administrador")).toEqual({
      MOTRECHAZO: "El campo Motivo de rechazo es obligatorio.",
    });
    expect(validateProveedorForm({ ...values, MOTRECHAZO: "Falta la opinión" }, "administrador")).toEqual({});
  });

  it("checks the RFC and the business name", () => {
    const values = { ...proveedorFormFromRow(KEMPER), LicTradNum: "ABC", CardName: " " };
    const errors = validateProveedorForm(values, "administrador");
    expect(errors.LicTradNum).toMatch(/^El campo RFC debe ser un RFC válido del SAT/);
    expect(errors.CardName).toBe("El campo Razón social es obligatorio.");
  });

  it("sends master data, record status, reason and the required flags of the documents shown, no uploads", () => {
    const values = {
      ...proveedorFormFromRow(BERENICE),
      U_SYS_PMESPR: "R",
      MOTRECHAZO: " Falta la opinión de cumplimiento ",
      U_SYS_PMPASS: "Nueva2026",
      archivos: { OpinionCumplimiento: PDF },
      // Issue 39: the administrator marks her as living from agricultural activities.
      ResicoAgapes: true,
    };
    values.requeridos.CedulaFiscal = false;
    const built = buildUpdateProveedorRequest(BERENICE, values, "administrador");
    expect(built).toEqual({
      ok: true,
      request: {
        CardCode: "P00002",
        Phone1: "33 3615 9876",
        E_Mail: "berenice.ximo@correo.com.mx",
        CntctPrsn: "Berenice Ximo Quezada",
        U_SYS_PMPASS: "Nueva2026",
        U_SYS_PMTYPE: "F",
        CardName: "BERENICE XIMO QUEZADA",
        // Issue 42 (decision 073): the kind travels with the RFC.
        Tipo: "nacional",
        LicTradNum: "XIQB891116QE4",
        U_SYS_PMESPR: "R",
        MOTRECHAZO: "Falta la opinión de cumplimiento",
        ResicoAgapes: "Y",
        IdentificacionOficial: { Val: "Y" },
        ComprobanteDomicilio: { Val: "Y" },
        CedulaFiscal: { Val: "N" },
        OpinionCumplimiento: { Val: "Y" },
      },
    });
  });

  it("notifies the supplier with its e-mail, business name, statuses and the reason", () => {
    const values = { ...proveedorFormFromRow(KEMPER), U_SYS_PMESPR: "R", MOTRECHAZO: "Documentos vencidos" };
    const built = buildUpdateProveedorRequest(KEMPER, values, "administrador");
    if (!built.ok) throw new Error("se esperaba una solicitud válida");
    expect(buildSentCorreoRequest(built.request, KEMPER)).toEqual({
      Correo: "facturacion@kemper.edu.mx,cobranza@kemper.edu.mx",
      Tipo: "Proveedor",
      Usuario: "ESCUELA KEMPER URGATE",
      EstatusRegistro: "R",
      Estatus: "A",
      Observaciones: "Documentos vencidos",
    });
  });

  it("a general employee cannot build an update", () => {
    expect(buildUpdateProveedorRequest(KEMPER, proveedorFormFromRow(KEMPER), "consulta").ok).toBe(false);
  });
});

describe("catalogue and link form", () => {
  it("shows the first of several e-mails followed by an ellipsis (spec §2)", () => {
    expect(primerCorreo("facturacion@kemper.edu.mx,cobranza@kemper.edu.mx")).toBe("facturacion@kemper.edu.mx…");
    expect(primerCorreo(" solo@correo.mx ")).toBe("solo@correo.mx");
    expect(primerCorreo("")).toBe("");
  });

  it("requires a company to link", () => {
    expect(validateVincularSociedad({ IdSociedad: "" })).toEqual({ IdSociedad: "El campo Sociedad es obligatorio." });
    expect(validateVincularSociedad({ IdSociedad: "3" })).toEqual({});
  });
});

describe("supplier kind (issue 42, decision 073)", () => {
  it("an administrator makes a supplier foreign: kind, country and tax id, no RFC (the server sets the generic one)", () => {
    const values = { ...proveedorFormFromRow(KEMPER), Tipo: "extranjero", Pais: "usa", NumRegIdTrib: " 98-7654321 " };
    const built = buildUpdateProveedorRequest(KEMPER, values, "administrador");
    expect(built.ok && built.request).toMatchObject({ Tipo: "extranjero", Pais: "USA", NumRegIdTrib: "98-7654321" });
    expect(built.ok && built.request).not.toHaveProperty("LicTradNum");
  });

  it("a national supplier keeps sending its RFC; a row from an older server reads as national", () => {
    const { Tipo: _sinTipo, ...antigua } = KEMPER;
    const values = proveedorFormFromRow(antigua);
    expect(values).toMatchObject({ Tipo: "nacional", Pais: "", NumRegIdTrib: "" });
    const built = buildUpdateProveedorRequest(KEMPER, values, "administrador");
    expect(built.ok && built.request).toMatchObject({ Tipo: "nacional", LicTradNum: KEMPER.LicTradNum });
  });
});
