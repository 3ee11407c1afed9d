import { describe, expect, it } from "vitest";
import { CALL_NAMES, CALLS, type CallName } from "./calls";
import { errorAnswerSchema } from "./common";
import { MUESTRAS, POST_PAGO_EMPLEADO } from "./muestras.fixtures";

describe("sample request and answer of every call", () => {
  it("has a sample for every call", () => {
    expect(Object.keys(MUESTRAS).sort()).toEqual([...CALL_NAMES].sort());
  });

  it.each(CALL_NAMES)("%s: the sample request parses", (name: CallName) => {
    const call = CALLS[name];
    const takeSample = MUESTRAS[name] as { request?: unknown };
    if ("request" in call) {
      const result = call.request.safeParse(takeSample.request);
      expect(result.error?.issues ?? []).toEqual([]);
    } else {
      expect(takeSample.request).toBeUndefined();
    }
  });

  it.each(CALL_NAMES)("%s: the sample answer parses", (name: CallName) => {
    const result = CALLS[name].answer.safeParse(MUESTRAS[name].answer);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it("answers are never errors in disguise: an error answer fails every JSON answer schema", () => {
    const error = errorAnswerSchema.parse({ status: "error", message: "No se encontró el recurso solicitado." });
    for (const name of CALL_NAMES) expect(CALLS[name].answer.safeParse(error).success, name).toBe(false);
  });

  it("postPago accepts the employee's comprobante variant and drops the supplier-only fields", () => {
    const parsed = CALLS.postPago.request.parse({ ...POST_PAGO_EMPLEADO, PDF64: "JVBERi0xLjQK", Total: "1.00" });
    expect(parsed.operador).toBe("Empleado");
    expect(parsed).not.toHaveProperty("PDF64");
    expect(parsed).not.toHaveProperty("Total");
  });

  it("postFactura normalises what the spec leaves open", () => {
    const { FolioFactura: _folio, TipoDeCambio: _tc, ...sinDefaults } = MUESTRAS.postFactura.request;
    const parsed = CALLS.postFactura.request.parse({ ...sinDefaults, RFCEmisor: "atb990101ab3", Total: "8700.00" });
    expect(parsed.FolioFactura).toBe("S/F");
    expect(parsed.TipoDeCambio).toBe("1");
    expect(parsed.RFCEmisor).toBe("ATB990101AB3");
    // An RFC is an identifier: blanks around it are refused, not trimmed (issue 36).
    const conEspacios = CALLS.postFactura.request.safeParse({ ...sinDefaults, RFCEmisor: " atb990101ab3 " });
    expect(conEspacios.error?.issues[0]?.message).toMatch(
      /^El campo RFCEmisor no debe empezar ni terminar con espacios/,
    );
    expect(CALLS.postFactura.request.parse({ ...sinDefaults, FolioFactura: "" }).FolioFactura).toBe("S/F");
  });

  it("getEntradas takes 'Nuevo' or a receipt number", () => {
    const base = { BD: "SBO_CNORTE" };
    expect(CALLS.getEntradas.request.safeParse({ ...base, tipo: 3310 }).success).toBe(true);
    expect(CALLS.getEntradas.request.safeParse({ ...base, tipo: "Otro" }).success).toBe(false);
  });
});
