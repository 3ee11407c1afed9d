import { describe, expect, it } from "vitest";
import { cantidadEntregada, tituloPedido } from "./pedido-logic";

describe("pedido", () => {
  it("delivered quantity is quantity minus open quantity, exact", () => {
    expect(cantidadEntregada({ Quantity: "1000", OpenQty: "250" })).toBe("750");
    expect(cantidadEntregada({ Quantity: "7.5", OpenQty: "0" })).toBe("7.5");
    expect(cantidadEntregada({ Quantity: "0.3", OpenQty: "0.1" })).toBe("0.2");
    expect(cantidadEntregada({ Quantity: "12", OpenQty: "12" })).toBe("0");
  });

  it("titles the detail with the order number", () => {
    expect(tituloPedido(1100)).toBe("Pedido #1100");
  });
});
