import { afterEach, describe, expect, it, vi } from "vitest";
import { apiPost, setStaleErpHandler } from "./api-client";
import { createErpStaleNotice, ERP_STALE_NOTICE_EVERY_MS, erpStaleMessage } from "./erp-stale";

describe("answers built from the portal's last read of the ERP", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setStaleErpHandler(() => {});
  });

  it("says when the data were read, in Mexico City time", () => {
    expect(erpStaleMessage(new Date("2026-11-26T16:42:10Z"))).toBe(
      "El ERP no responde; se muestran los datos leídos el 26/11/2026 a las 10:42.",
    );
  });

  it("once a minute at most, however many lists say it", () => {
    const shown: string[] = [];
    let t = 1_000_000;
    const notice = createErpStaleNotice(
      (m) => shown.push(m),
      () => t,
    );
    const readAt = new Date("2026-11-26T16:42:10Z");
    notice(readAt);
    notice(readAt);
    t += ERP_STALE_NOTICE_EVERY_MS - 1;
    notice(readAt);
    expect(shown).toHaveLength(1);
    t += 1;
    notice(readAt);
    expect(shown).toHaveLength(2);
  });

  it("the API client hands the header's time to the handler, and only when it is there", async () => {
    const seen: Date[] = [];
    setStaleErpHandler((d) => seen.push(d));
    const answer = (headers: Record<string, string>) =>
      new Response(JSON.stringify({ status: "success", message: "ok", data: [] }), {
        status: 200,
        headers: { "content-type": "application/json", ...headers },
      });
    const schema = { safeParse: (v: unknown) => ({ success: true, data: v }) } as never;
    vi.stubGlobal("fetch", async () => answer({ "x-erp-leido-en": "2026-11-26T16:42:10.000Z" }));
    await apiPost("/api/pedidos/getPedidos", {}, schema, { auth: false });
    vi.stubGlobal("fetch", async () => answer({}));
    await apiPost("/api/pedidos/getPedidos", {}, schema, { auth: false });
    expect(seen).toEqual([new Date("2026-11-26T16:42:10.000Z")]);
  });
});
