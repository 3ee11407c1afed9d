import { describe, expect, it } from "vitest";
import {
  type Asiento,
  checkLedger,
  classifyErrors,
  type Estado,
  enVentana,
  LINEA_RE,
  type Llamada,
  p95De,
  porRuta,
  statusTexto,
  ultimaLinea,
} from "./figures";

const llamada = (over: Partial<Llamada>): Llamada => ({
  ruta: "getFacturas",
  clase: "lectura",
  inicio: 0,
  fin: 10,
  status: 200,
  ok: true,
  fase: "limpia",
  ...over,
});

describe("figures of the load test", () => {
  it("per route: count, nearest-rank percentiles and errors", () => {
    const ls = Array.from({ length: 100 }, (_, i) => llamada({ inicio: 0, fin: i + 1, ok: i !== 7, status: 200 }));
    ls.push(llamada({ ruta: "postFactura", clase: "carga", fin: 300 }));
    const [facturas, post] = porRuta(ls);
    expect(facturas).toMatchObject({ ruta: "getFacturas", n: 100, p50: 50, p95: 95, p99: 99, max: 100, errores: 1 });
    expect(post).toMatchObject({ ruta: "postFactura", clase: "carga", n: 1, p95: 300 });
    expect(p95De(ls, ["lectura"])).toBe(95);
    expect(p95De(ls, ["carga"])).toBe(300);
    expect(p95De([], ["carga"])).toBe(0);
  });

  it("an error counts inside a window when the call overlapped it, otherwise against the target", () => {
    const ventanas = [{ nombre: "postgres", desde: 1000, hasta: 2000 }];
    expect(enVentana({ inicio: 900, fin: 1001 }, ventanas)).toBe(true);
    expect(enVentana({ inicio: 1999, fin: 2500 }, ventanas)).toBe(true);
    expect(enVentana({ inicio: 2001, fin: 2500 }, ventanas)).toBe(false);
    expect(enVentana({ inicio: 0, fin: 999 }, ventanas)).toBe(false);
    const r = classifyErrors(
      [
        llamada({ inicio: 1500, fin: 1600, status: 503, ok: false }),
        llamada({ inicio: 1500, fin: 1600, status: 503, ok: false }),
        llamada({ inicio: 1500, fin: 1600, status: 0, ok: false }),
        llamada({ inicio: 3000, fin: 3100, status: 500, ok: false }),
        llamada({ inicio: 3000, fin: 3100 }),
      ],
      ventanas,
    );
    expect(r.fuera).toHaveLength(1);
    expect(r.dentro).toHaveLength(3);
    expect(statusTexto(r.dentroPorStatus)).toBe("sin respuesta×1, 503×2");
    expect(statusTexto(r.fueraPorStatus)).toBe("500×1");
    expect(statusTexto([])).toBe("ninguno");
  });

  it("the ledger: uploads must exist, the last decision of each record must be its status", () => {
    const estado: Estado = {
      facturas: new Map([["AAA", "A"]]),
      complementos: new Map([["CCC", "P"]]),
      facturasPorId: new Map([
        [1, "A"],
        [2, "P"],
      ]),
      complementosPorId: new Map([[9, "V"]]),
    };
    const asientos: Asiento[] = [
      { tipo: "factura", uuid: "aaa" },
      { tipo: "factura", uuid: "bbb" },
      { tipo: "complemento", uuid: "ccc" },
      { tipo: "revisionFactura", id: 1, estatus: "R" },
      { tipo: "revisionFactura", id: 1, estatus: "A" },
      { tipo: "revisionFactura", id: 2, estatus: "R" },
      { tipo: "revisionPago", id: 9, estatus: "V" },
    ];
    const r = checkLedger(asientos, estado);
    expect(r.comprobados).toBe(6);
    expect(r.perdidos).toEqual([
      { asiento: { tipo: "factura", uuid: "bbb" }, encontrado: null },
      { asiento: { tipo: "revisionFactura", id: 2, estatus: "R" }, encontrado: "P" },
    ]);
  });

  it("the last line has exactly the shape a script reads, with whole numbers", () => {
    const linea = ultimaLinea({
      requests: 12345,
      errors: 0,
      p95Lecturas: 41.6,
      p95Cargas: 230.2,
      faults: 5,
      checked: 812,
      lost: 0,
    });
    expect(linea).toBe(
      "load: 12345 requests, 0 errors, p95 42 ms reads, 230 ms uploads; faults: 5 injected, 812 writes checked, 0 lost",
    );
    expect(LINEA_RE.exec(linea)?.slice(1).map(Number)).toEqual([12345, 0, 42, 230, 5, 812, 0]);
  });
});
