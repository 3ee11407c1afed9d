import { MSG, messageAnswerSchema } from "@portal/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiGet, apiPost, fileNameFromContentDisposition, setUnauthorizedHandler } from "./api-client";
import { session } from "./session";

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

afterEach(() => setUnauthorizedHandler(() => session.clear()));

describe("api client", () => {
  it("sends the token from the access cookie and parses the answer", async () => {
    session.storeLogin({ perfil: "G", nombre: "N", token: "tok-9", id: "9", VisuDocPen: "N" }, "Empleado");
    answer(200, { status: "success", message: "OK" });
    await expect(apiPost("/api/x", { a: 1 }, messageAnswerSchema)).resolves.toEqual({
      status: "success",
      message: "OK",
    });
    const [, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get("x-access-token")).toBe("tok-9");
    expect(init?.body).toBe('{"a":1}');
  });

  it("throws the server's Spanish message", async () => {
    answer(400, { status: "error", message: MSG.datosInvalidos });
    await expect(apiGet("/api/x", messageAnswerSchema)).rejects.toMatchObject({
      message: MSG.datosInvalidos,
      status: 400,
      kind: "http",
    });
  });

  it("treats a 2xx whose status is not success as an error", async () => {
    answer(200, { status: "error", message: "No se procesaron los registro(s)" });
    await expect(apiGet("/api/x", messageAnswerSchema)).rejects.toMatchObject({
      message: "No se procesaron los registro(s)",
      kind: "http",
    });
  });

  it("reports an answer of the wrong shape as a parse error", async () => {
    answer(200, { status: "success" });
    await expect(apiGet("/api/x", messageAnswerSchema)).rejects.toMatchObject({ kind: "parse" });
  });

  it("reports a network failure", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const error = await apiGet("/api/x", messageAnswerSchema).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: "network", status: 0 });
  });

  it("ends the session on 401, except where the caller opts out (login)", async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    answer(401, { status: "error", message: MSG.sesionRequerida });
    await expect(apiGet("/api/x", messageAnswerSchema)).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    answer(401, { status: "error", message: MSG.credencialesInvalidas });
    await expect(apiPost("/api/login", {}, messageAnswerSchema, { auth: false })).rejects.toMatchObject({
      message: MSG.credencialesInvalidas,
    });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });
});

describe("download file names", () => {
  it("prefers the UTF-8 filename* and falls back to filename", () => {
    expect(
      fileNameFromContentDisposition(
        `inline; filename="Entrada_de_mercanc_a.pdf"; filename*=UTF-8''Entrada%20de%20mercanc%C3%ADa.pdf`,
      ),
    ).toBe("Entrada de mercancía.pdf");
    expect(fileNameFromContentDisposition(`attachment; filename="Pedido-SBO_IIA-1100.pdf"`)).toBe(
      "Pedido-SBO_IIA-1100.pdf",
    );
    expect(fileNameFromContentDisposition("attachment; filename=plain.pdf")).toBe("plain.pdf");
    expect(fileNameFromContentDisposition(`inline; filename="a.pdf"; filename*=UTF-8''%E0%A4%A`)).toBe("a.pdf");
    expect(fileNameFromContentDisposition("inline")).toBeNull();
    expect(fileNameFromContentDisposition(null)).toBeNull();
  });
});
