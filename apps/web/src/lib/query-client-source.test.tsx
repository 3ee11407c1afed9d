import { QueryClient, QueryClientContext } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { useContext, useEffect, useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { lazyQueryClientSource, QueryClientSourceProvider } from "./query-client-source";

describe("the app's QueryClient, loaded with the first signed-in screen", () => {
  it("loads once however many screens ask at the same time, mounts the client and tells the subscribers", async () => {
    const client = new QueryClient();
    const mount = vi.spyOn(client, "mount");
    const loader = vi.fn(async () => client);
    const source = lazyQueryClientSource(loader);
    const listener = vi.fn();
    source.subscribe(listener);

    expect(source.current()).toBeUndefined();
    const [a, b] = await Promise.all([source.load(), source.load()]);
    expect(a).toBe(client);
    expect(b).toBe(client);
    expect(await source.load()).toBe(client);
    expect(loader).toHaveBeenCalledOnce();
    expect(mount).toHaveBeenCalledOnce();
    expect(listener).toHaveBeenCalledOnce();
    expect(source.current()).toBe(client);
    client.unmount();
  });

  it("tries again on the next use when loading failed (a chunk that did not arrive)", async () => {
    const client = new QueryClient();
    const loader = vi.fn().mockRejectedValueOnce(new Error("sin red")).mockResolvedValueOnce(client);
    const source = lazyQueryClientSource(loader);

    await expect(source.load()).rejects.toThrow("sin red");
    expect(source.current()).toBeUndefined();
    expect(await source.load()).toBe(client);
    expect(loader).toHaveBeenCalledTimes(2);
    client.unmount();
  });

  it("gives the client to what it wraps once loaded, without remounting it", async () => {
    const client = new QueryClient();
    const source = lazyQueryClientSource(async () => client);
    let mounts = 0;
    function Probe() {
      const context = useContext(QueryClientContext);
      const [typed] = useState(() => `estado ${Math.random()}`);
      useEffect(() => {
        mounts += 1;
      }, []);
      return (
        <p>
          {context === client ? "con cliente" : "sin cliente"} · {typed}
        </p>
      );
    }
    render(
      <QueryClientSourceProvider source={source}>
        <Probe />
      </QueryClientSourceProvider>,
    );
    const before = screen.getByText(/sin cliente/).textContent?.split(" · ")[1];

    await act(async () => {
      await source.load();
    });

    const after = screen.getByText(/con cliente/).textContent?.split(" · ")[1];
    expect(after).toBe(before);
    expect(mounts).toBe(1);
    client.unmount();
  });
});
