import { act, renderHook } from "@testing-library/react";
import type { FormEvent } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client";
import type { Revision } from "./read-file";

const notifySuccess = vi.fn((_message: string, _ms?: number, _onClose?: () => void) => "id");
vi.mock("./notify", () => ({ notifySuccess: (...args: Parameters<typeof notifySuccess>) => notifySuccess(...args) }));

const { useUploadSubmit } = await import("./use-upload-submit");

const evento = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent<HTMLFormElement>;

function setup(options: {
  review?: () => Promise<Revision<string>>;
  send?: () => Promise<string>;
  canSubmit?: boolean;
}) {
  const spies = {
    review: vi.fn(options.review ?? (async () => ({ ok: true, request: "payload" }) as const)),
    send: vi.fn(options.send ?? (async () => "Se registro con exito")),
    notifyErrors: vi.fn(),
    onCallFailed: vi.fn(),
    onDone: vi.fn(),
  };
  const hook = renderHook(() =>
    useUploadSubmit<string>({ ...spies, ...(options.canSubmit === undefined ? {} : { canSubmit: options.canSubmit }) }),
  );
  return { ...spies, hook };
}

afterEach(() => notifySuccess.mockClear());

describe("useUploadSubmit", () => {
  it("sends the payload the checks built, shows the server's message and leaves when it closes", async () => {
    const { hook, send, onDone, notifyErrors } = setup({});
    await act(async () => hook.result.current.onSubmit(evento()));
    await act(async () => {});
    expect(send).toHaveBeenCalledWith("payload");
    expect(notifySuccess).toHaveBeenCalledWith("Se registro con exito", 3000, expect.any(Function));
    expect(hook.result.current.isSaved).toBe(true);
    expect(hook.result.current.isSubmitting).toBe(false);
    expect(notifyErrors).not.toHaveBeenCalled();
    notifySuccess.mock.calls[0]?.[2]?.();
    expect(onDone).toHaveBeenCalledTimes(1);
    // Saved: a second submit sends nothing.
    await act(async () => hook.result.current.onSubmit(evento()));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("lists the checks' messages and sends nothing", async () => {
    const { hook, send, notifyErrors } = setup({ review: async () => ({ ok: false, errors: ["uno", "dos"] }) });
    await act(async () => hook.result.current.onSubmit(evento()));
    expect(notifyErrors).toHaveBeenCalledWith(["uno", "dos"]);
    expect(send).not.toHaveBeenCalled();
    expect(hook.result.current.isSaved).toBe(false);
  });

  it("lists the server's refusal; a call without an answer goes to onCallFailed", async () => {
    const refused = setup({
      send: async () => {
        throw new ApiError("El UUID ya existe", 400, "http");
      },
    });
    await act(async () => refused.hook.result.current.onSubmit(evento()));
    expect(refused.notifyErrors).toHaveBeenCalledWith(["El UUID ya existe"]);
    expect(refused.onCallFailed).not.toHaveBeenCalled();

    const caida = new ApiError("Failed to fetch", 0, "network");
    const network = setup({
      send: async () => {
        throw caida;
      },
    });
    await act(async () => network.hook.result.current.onSubmit(evento()));
    expect(network.onCallFailed).toHaveBeenCalledWith(caida);
    expect(network.notifyErrors).not.toHaveBeenCalled();
    expect(network.hook.result.current.isSubmitting).toBe(false);
  });

  it("does nothing while the form may not send", async () => {
    const { hook, review, send } = setup({ canSubmit: false });
    const event = evento();
    await act(async () => hook.result.current.onSubmit(event));
    expect(event.preventDefault).toHaveBeenCalled();
    expect(review).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });
});
