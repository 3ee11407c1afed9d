import { describe, expect, it } from "vitest";
import { cambioHistorial } from "./historial";

const entrada = (Campo: string, De: string, A: string) => ({ Campo, De, A });

describe("Historial in words (issue 23)", () => {
  it.each([
    [entrada("registro", "", "P · UUID 6F1A · entrada 5120"), "Registrada (Pendiente): UUID 6F1A, entrada 5120"],
    [entrada("registro", "", "P"), "Registrada (Pendiente)"],
    [entrada("registro", "", "P · UUID AB12 · pago 2070"), "Registrada (Pendiente): UUID AB12, pago 2070"],
    [
      entrada("correccion", "R · UUID AB12", "P · UUID CD34 · pago 2070"),
      "Corregida por el proveedor (Pendiente): UUID CD34, pago 2070",
    ],
    [entrada("estatus", "P", "A"), "Aceptada"],
    [entrada("estatus", "P", "R"), "Rechazada"],
    [entrada("estatus", "P", "V"), "Validación"],
    [entrada("estatus", "R", "P"), "Pendiente"],
    [entrada("pdf", "", "factura.pdf"), "PDF cargado: factura.pdf"],
    [entrada("pdf", "vieja.pdf", "nueva.pdf"), "PDF reemplazado: vieja.pdf → nueva.pdf"],
    [entrada("xml", "a.xml (U1)", "b.xml (U2)"), "XML reemplazado: a.xml (U1) → b.xml (U2)"],
    [entrada("recepcion", "r.png", "s.png"), "Recepción reemplazada: r.png → s.png"],
    [entrada("comprobante", "", "comprobante.pdf"), "Comprobante de pago cargado: comprobante.pdf"],
    [entrada("bloqueoPago", "", "bloqueado"), "Pago bloqueado en el ERP: el SAT canceló el CFDI"],
    [
      { ...entrada("bloqueoPago", "bloqueado", "liberado"), Operador: "Sistema" },
      "Bloqueo de pago quitado: se aceptó el CFDI que toma su lugar",
    ],
    // Issue 36 (decision 038): an employee's lift by hand (the reason is the entry's comment).
    [{ ...entrada("bloqueoPago", "bloqueado", "liberado"), Operador: "Empleado" }, "Bloqueo de pago quitado a mano"],
    [
      entrada("bloqueoPago", "", ""),
      "El SAT canceló el CFDI; el CFDI que toma su lugar ya estaba aceptado y el pago no se bloqueó",
    ],
  ])("%o reads %s", (cambio, esperado) => {
    expect(cambioHistorial(cambio)).toBe(esperado);
    expect(cambioHistorial(cambio)).not.toMatch(/^(Registro|Estatus): [PARV]\b/);
  });
});
