import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { CALL_NAMES, CALLS } from "./calls";
import { createEmpleadoRequestSchema, passwordEmpleadoSchema, updateEmpleadoRequestSchema } from "./empleados";
import { postFacturaRequestSchema } from "./facturas";
import { patchFacturasPendientesRequestSchema } from "./facturas-pendientes";
import { MSG } from "./messages";
import { MUESTRAS, POST_PAGO_EMPLEADO } from "./muestras.fixtures";
import { patchPagosRequestSchema } from "./pagos-pendientes";
import {
  DOCUMENTOS_PROVEEDOR,
  documentosRequeridosFaltantes,
  proveedorRowSchema,
  updateProveedorRequestSchema,
} from "./proveedores";
import { createSociedadRequestSchema, updateSociedadRequestSchema } from "./sociedades";

const mensajes = (schema: z.ZodType, valor: unknown): string[] =>
  schema.safeParse(valor).error?.issues.map((issue) => issue.message) ?? [];
const mensajeDe = (schema: z.ZodType, valor: unknown, campo: string): string | undefined =>
  schema.safeParse(valor).error?.issues.find((issue) => issue.path.join(".") === campo)?.message;

/** zod's English defaults: none may reach a user. */
const INGLES = /^(Invalid|Too (big|small)|Expected|Unrecognized|Required)/;
/** Fields whose message uses the screen's Spanish label instead of the key. */
// The reset link's token is named by what the user has: the link (issue 41); the second factor's code with its accent.
const ETIQUETAS: Record<string, string> = { password: "contraseña", token: "enlace", codigo: "código" };
const MENSAJES_DEL_SPEC = new Set(
  Object.values(MSG as Record<string, unknown>).filter((valor): valor is string => typeof valor === "string"),
);

describe("every request message is Spanish and names its field", () => {
  const conCuerpo = CALL_NAMES.flatMap((name) => {
    const call = CALLS[name];
    return "request" in call ? [[name, call.request] as const] : [];
  });

  it.each(conCuerpo)("%s: an empty body answers field by field", (name, schema) => {
    const vacio = Array.isArray((MUESTRAS[name] as { request?: unknown }).request) ? [{}] : {};
    const issues = schema.safeParse(vacio).error?.issues ?? [];
    for (const issue of issues) {
      expect(issue.message).not.toMatch(INGLES);
      const campo = String(issue.path.at(-1) ?? "");
      const nombre = ETIQUETAS[campo] ?? campo;
      const nombraCampo = campo !== "" && issue.message.toLowerCase().includes(nombre.toLowerCase());
      expect(nombraCampo || MENSAJES_DEL_SPEC.has(issue.message), `${issue.path.join(".")}: ${issue.message}`).toBe(
        true,
      );
    }
  });

  it.each(conCuerpo)("%s: wrong types answer in Spanish", (name, schema) => {
    const takeSample = (MUESTRAS[name] as { request?: unknown }).request;
    const basura = Array.isArray(takeSample)
      ? takeSample.map((fila) => Object.fromEntries(Object.keys(fila).map((k) => [k, { x: 1 }])))
      : Object.fromEntries(Object.keys(takeSample ?? {}).map((k) => [k, { x: 1 }]));
    for (const mensaje of mensajes(schema, basura)) expect(mensaje).not.toMatch(INGLES);
  });
});

describe("field formats", () => {
  const sociedad = MUESTRAS.createSociedad.request;

  it("RFC: 12 or 13 characters in the SAT pattern", () => {
    expect(mensajeDe(createSociedadRequestSchema, { ...sociedad, RFC: "ABC12345" }, "RFC")).toBe(
      "El campo RFC debe ser un RFC válido del SAT: 12 caracteres (persona moral) o 13 (persona física).",
    );
    expect(createSociedadRequestSchema.safeParse({ ...sociedad, RFC: "GODE561231GR8" }).success).toBe(true);
    expect(createSociedadRequestSchema.safeParse({ ...sociedad, RFC: "ÑAÑ010203AB1" }).success).toBe(true);
    expect(mensajeDe(createSociedadRequestSchema, { ...sociedad, RFC: undefined }, "RFC")).toBe(
      "El campo RFC es obligatorio.",
    );
  });

  it("postal code, regime, e-mail, required text", () => {
    const malo = { ...sociedad, CodigoPostal: "6400", RegimenFiscal: "60", RazonSocial: "  " };
    expect(mensajeDe(createSociedadRequestSchema, malo, "CodigoPostal")).toBe(
      "El campo CodigoPostal debe tener 5 dígitos.",
    );
    expect(mensajeDe(createSociedadRequestSchema, malo, "RegimenFiscal")).toContain("El campo RegimenFiscal");
    expect(mensajeDe(createSociedadRequestSchema, malo, "RazonSocial")).toBe("El campo RazonSocial es obligatorio.");
    const empleado = { ...MUESTRAS.createEmpleado.request, Correo: "mperez@" };
    expect(mensajeDe(createEmpleadoRequestSchema, empleado, "Correo")).toBe(
      "El campo Correo debe ser un correo electrónico válido.",
    );
  });

  it("amounts are decimal strings", () => {
    const pago = MUESTRAS.postPago.request;
    expect(mensajeDe(CALLS.postPago.request, { ...pago, Total: "8,700.00" }, "Total")).toBe(
      "El campo Total debe ser un importe decimal, por ejemplo 1234.56.",
    );
    expect(CALLS.postPago.request.safeParse({ ...pago, Total: 8700 }).success).toBe(false);
    const fila = MUESTRAS.getFacturas.answer.data[0];
    expect(
      CALLS.getFacturas.answer.safeParse({ ...MUESTRAS.getFacturas.answer, data: [{ ...fila, Total: 8700 }] }).success,
    ).toBe(false);
  });

  it("postFactura Total takes a number or a decimal string (spec: 'Total (number)')", () => {
    const factura = MUESTRAS.postFactura.request;
    expect(postFacturaRequestSchema.safeParse({ ...factura, Total: 8700.5 }).success).toBe(true);
    expect(postFacturaRequestSchema.safeParse({ ...factura, Total: "8700.50" }).success).toBe(true);
    expect(mensajeDe(postFacturaRequestSchema, { ...factura, Total: "ocho mil" }, "Total")).toContain("El campo Total");
    expect(mensajeDe(postFacturaRequestSchema, { ...factura, Total: true }, "Total")).toContain("El campo Total");
  });

  it("dates in answers are YYYY-MM-DD", () => {
    const fila = MUESTRAS.getPedidos.answer.data[0];
    const issues = mensajes(CALLS.getPedidos.answer, {
      ...MUESTRAS.getPedidos.answer,
      data: [{ ...fila, DocDate: "03-02-2025" }],
    });
    expect(issues).toEqual(["El campo DocDate debe ser una fecha con formato AAAA-MM-DD."]);
  });
});

describe("employee password (spec §5)", () => {
  it.each(["abc", "abc!1234", "a".repeat(31), "contraseña1", "con espacio"])("rejects %j", (valor) => {
    expect(mensajes(passwordEmpleadoSchema, valor)).toEqual([MSG.passwordEmpleado]);
  });
  it.each(["abcd", "A1b2C3", "a".repeat(30)])("accepts %j", (valor) => {
    expect(passwordEmpleadoSchema.safeParse(valor).success).toBe(true);
  });

  it("is required on create", () => {
    const { Contraseña: _c, ...sin } = MUESTRAS.createEmpleado.request;
    expect(mensajeDe(createEmpleadoRequestSchema, sin, "Contraseña")).toBe("El campo Contraseña es obligatorio.");
    expect(mensajeDe(createEmpleadoRequestSchema, { ...sin, Contraseña: "" }, "Contraseña")).toBe(MSG.passwordEmpleado);
  });

  it("on update blank or absent means unchanged; when given the same rule applies", () => {
    const { Contraseña: _c, ...sin } = MUESTRAS.updateEmpleado.request;
    expect(updateEmpleadoRequestSchema.safeParse(sin).success).toBe(true);
    expect(updateEmpleadoRequestSchema.safeParse({ ...sin, Contraseña: "" }).success).toBe(true);
    expect(updateEmpleadoRequestSchema.safeParse({ ...sin, Contraseña: "Nueva2025" }).success).toBe(true);
    expect(mensajeDe(updateEmpleadoRequestSchema, { ...sin, Contraseña: "ab" }, "Contraseña")).toBe(
      MSG.passwordEmpleado,
    );
  });
});

describe("company form (spec §5)", () => {
  it("requires the tax-situation PDF on create with the spec's message", () => {
    const { CartaSituacionFiscal: _c, ...sin } = MUESTRAS.createSociedad.request;
    expect(mensajeDe(createSociedadRequestSchema, sin, "CartaSituacionFiscal")).toBe(MSG.cartaSituacionFiscal);
  });
  it("on update keeps the stored SAP password and PDF unless both name and content come", () => {
    const base = MUESTRAS.updateSociedad.request;
    expect(updateSociedadRequestSchema.safeParse({ ...base, ContraseñaSAP: undefined }).success).toBe(true);
    expect(
      mensajeDe(
        updateSociedadRequestSchema,
        { ...base, CartaSituacionFiscal: "JVBERi0xLjQK" },
        "CartaSituacionFiscalNombre",
      ),
    ).toBe("El campo CartaSituacionFiscalNombre es obligatorio al cargar el archivo.");
    expect(mensajeDe(updateSociedadRequestSchema, { ...base, Numero: undefined }, "Numero")).toContain(
      "El campo Numero",
    );
  });
});

describe("invoice and payment uploads (spec §5)", () => {
  const factura = MUESTRAS.postFactura.request;

  it("missing files use the spec's messages", () => {
    const sin = { ...factura, PDF: undefined, PDF64: undefined, XML64: "", Recepcion64: undefined };
    expect(mensajeDe(postFacturaRequestSchema, sin, "PDF")).toBe(MSG.pdfRequerido);
    expect(mensajeDe(postFacturaRequestSchema, sin, "PDF64")).toBe(MSG.pdfRequerido);
    expect(mensajeDe(postFacturaRequestSchema, sin, "XML64")).toBe(MSG.facturaXmlRequerido);
    expect(mensajeDe(postFacturaRequestSchema, sin, "Recepcion64")).toBe(MSG.facturaRecepcionRequerida);
  });

  it("file names must have the right kind", () => {
    const malo = { ...factura, PDF: "factura.docx", XML: "factura.txt", Recepcion: "recepcion.pdf" };
    expect(mensajeDe(postFacturaRequestSchema, malo, "PDF")).toBe(MSG.archivoNoPdf);
    expect(mensajeDe(postFacturaRequestSchema, malo, "XML")).toBe(MSG.archivoNoXml);
    expect(mensajeDe(postFacturaRequestSchema, malo, "Recepcion")).toBe(MSG.archivoNoImagen);
  });

  it("UUID, method, CFDI use and payment form are checked by format", () => {
    const malo = { ...factura, UUID: "no-es-uuid", MetodoPago: "PPP", UsoPrincipal: "X", FormaPago: "3" };
    expect(mensajeDe(postFacturaRequestSchema, malo, "UUID")).toContain("El campo UUID");
    expect(mensajeDe(postFacturaRequestSchema, malo, "MetodoPago")).toContain("El campo MetodoPago");
    expect(mensajeDe(postFacturaRequestSchema, malo, "UsoPrincipal")).toContain("El campo UsoPrincipal");
    expect(mensajeDe(postFacturaRequestSchema, malo, "FormaPago")).toContain("El campo FormaPago");
  });

  it("patchfactura requires the folio and pairs each file name with its content", () => {
    const base = MUESTRAS.patchFactura.request;
    expect(mensajeDe(CALLS.patchFactura.request, { ...base, FolioFactura: "" }, "FolioFactura")).toBe(
      "El campo FolioFactura es obligatorio.",
    );
    expect(mensajeDe(CALLS.patchFactura.request, { ...base, XML: "nuevo.xml" }, "XML64")).toBe(
      "El campo XML64 es obligatorio al indicar el archivo XML.",
    );
  });

  it("postPago: supplier needs PDF and XML, employee the comprobante, operador picks the form", () => {
    const pago = MUESTRAS.postPago.request;
    const { PDF64: _p, XML64: _x, ...sinArchivos } = pago;
    expect(mensajeDe(CALLS.postPago.request, sinArchivos, "PDF64")).toBe(MSG.pdfRequerido);
    expect(mensajeDe(CALLS.postPago.request, sinArchivos, "XML64")).toBe(MSG.pagoXmlRequerido);
    const { Complemento64: _c, ...sinComprobante } = POST_PAGO_EMPLEADO;
    expect(mensajeDe(CALLS.postPago.request, sinComprobante, "Complemento64")).toBe(MSG.pagoComplementoRequerido);
    expect(mensajeDe(CALLS.postPago.request, { ...pago, operador: undefined }, "operador")).toBe(
      "El campo operador es obligatorio y debe ser Proveedor o Empleado.",
    );
  });
});

describe("review payloads", () => {
  const factura = MUESTRAS.facturasPendientesPatchFactura.request[0];
  const pago = MUESTRAS.patchPagos.request[0];

  it("must not be empty", () => {
    expect(mensajes(patchFacturasPendientesRequestSchema, [])).toEqual(["Debe seleccionar al menos una factura."]);
    expect(mensajes(patchPagosRequestSchema, [])).toEqual(["Debe seleccionar al menos un pago."]);
  });

  it("take at most 500 rows", () => {
    const facturas = Array.from({ length: 501 }, (_, i) => ({ ...factura, Factura: i + 1 }));
    expect(mensajes(patchFacturasPendientesRequestSchema, facturas)).toEqual([
      "Se pueden revisar como máximo 500 facturas a la vez.",
    ]);
    expect(patchFacturasPendientesRequestSchema.safeParse(facturas.slice(0, 500)).success).toBe(true);
    const pagos = Array.from({ length: 501 }, (_, i) => ({ ...pago, Pago: i + 1 }));
    expect(mensajes(patchPagosRequestSchema, pagos)).toEqual(["Se pueden revisar como máximo 500 pagos a la vez."]);
  });

  it("use the review codes and name the repeated row", () => {
    expect(mensajeDe(patchFacturasPendientesRequestSchema, [{ ...factura, Estatus: "V" }], "0.Estatus")).toContain(
      "El estatus debe ser P (Pendiente), A (Aceptada) o R (Rechazada).",
    );
    expect(patchPagosRequestSchema.safeParse([{ ...pago, Estatus: "V" }]).success).toBe(true);
    expect(mensajeDe(patchPagosRequestSchema, [pago, pago], "1.Pago")).toBe("El campo Pago repite el pago 77.");
  });
});

describe("supplier documents (spec §3, §5)", () => {
  it("are the spec's seven, with stable keys that are the row's group fields", () => {
    expect(DOCUMENTOS_PROVEEDOR).toHaveLength(7);
    const claves = DOCUMENTOS_PROVEEDOR.map((documento) => documento.clave);
    expect(new Set(claves).size).toBe(7);
    for (const clave of claves) expect(proveedorRowSchema.shape).toHaveProperty(clave);
    expect(DOCUMENTOS_PROVEEDOR.filter((d) => d.soloMoral).map((d) => d.clave)).toEqual([
      "ActaConstitutiva",
      "EstadoCuenta",
    ]);
    expect(DOCUMENTOS_PROVEEDOR.filter((d) => d.mensajeRequerido === null).map((d) => d.clave)).toEqual([
      "CaratulaBancaria",
    ]);
  });

  it("report the required documents that are missing, Moral-only ones only for Moral", () => {
    const estado = {
      ActaConstitutiva: { Val: "Y" as const, cargado: false },
      EstadoCuenta: { Val: "Y" as const, cargado: false },
      IdentificacionOficial: { Val: "Y" as const, cargado: true },
      ComprobanteDomicilio: { Val: "Y" as const, cargado: false },
      OpinionCumplimiento: { Val: "N" as const, cargado: false },
    };
    expect(documentosRequeridosFaltantes("M", estado)).toEqual([
      MSG.documentoActaConstitutiva,
      MSG.documentoComprobanteDomicilio,
      MSG.documentoEstadoCuenta,
    ]);
    expect(documentosRequeridosFaltantes("F", estado)).toEqual([MSG.documentoComprobanteDomicilio]);
  });

  it("uploads pair the file name with its base64 content and accept PDF only", () => {
    const base = { CardCode: "P00042" };
    expect(
      mensajeDe(
        updateProveedorRequestSchema,
        { ...base, CedulaFiscal: { Archivo64: "JVBERi0xLjQK" } },
        "CedulaFiscal.Archivo",
      ),
    ).toBe("El campo Archivo de Cédula de identificación fiscal es obligatorio cuando se carga el documento.");
    expect(
      mensajeDe(
        updateProveedorRequestSchema,
        { ...base, CedulaFiscal: { Archivo: "cedula.png", Archivo64: "iVBORw0KGgo=" } },
        "CedulaFiscal.Archivo",
      ),
    ).toBe(MSG.archivoNoPdf);
    expect(
      mensajeDe(
        updateProveedorRequestSchema,
        { ...base, CedulaFiscal: { Archivo: "c.pdf", Archivo64: "%PDF" } },
        "CedulaFiscal.Archivo64",
      ),
    ).toBe("El campo Archivo64 de Cédula de identificación fiscal debe contener el archivo codificado en base64.");
  });
});
