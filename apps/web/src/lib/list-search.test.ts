import { describe, expect, it } from "vitest";
import { parseListSearch, pickListSearch } from "./list-search";

describe("parseListSearch", () => {
  it("reads the list params", () => {
    expect(parseListSearch({ q: "acme", orden: "Nombre", dir: "desc", pagina: 3, filas: 50 })).toEqual({
      q: "acme",
      orden: "Nombre",
      dir: "desc",
      pagina: 3,
      filas: 50,
    });
    expect(parseListSearch({ filas: "All", pagina: "2" })).toEqual({ filas: "All", pagina: 2 });
  });

  it("falls back to the defaults on garbage, never throws", () => {
    expect(parseListSearch({ q: { a: 1 }, orden: "<script>", dir: "sideways", pagina: -4, filas: "mucho" })).toEqual(
      {},
    );
    expect(parseListSearch({ pagina: 1.5, filas: 0 })).toEqual({});
    expect(parseListSearch({ orden: "Fecha", dir: 7 })).toEqual({ orden: "Fecha", dir: "asc" });
    expect(parseListSearch({ q: "x".repeat(500) }).q).toHaveLength(200);
  });

  it("keeps other params of the route and picks only the list ones", () => {
    expect(parseListSearch({ redirect: "/Pedidos", q: "a" })).toEqual({ redirect: "/Pedidos", q: "a" });
    expect(pickListSearch({ redirect: "/Pedidos", q: "a" })).toEqual({ q: "a" });
  });
});
