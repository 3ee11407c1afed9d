import { createServer, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { CLUSTER_USAGE, clusterPorts, parseClusterArgs, startCluster } from "../../../scripts/lib/cluster.mjs";

/**
 * Issue 36, item 7: `npm run cluster -- --puerto N` gives the cluster a fixed port an operator can put behind a
 * firewall rule: HAProxy on N, and then its statistics page and the processes on N + 1 … N + 1 + procesos instead of
 * ports picked at random. Bad arguments and busy ports are refused in Spanish before anything starts (no build,
 * PostgreSQL or HAProxy is needed for these refusals).
 */
describe("parseClusterArgs", () => {
  it("without --puerto: HAProxy on PORT or 3000, the other ports free ones (not fixed)", () => {
    expect(parseClusterArgs([])).toEqual({ procesos: 2, puerto: 3000, puertoFijo: false });
    expect(parseClusterArgs([], { PORT: "8080" })).toEqual({ procesos: 2, puerto: 8080, puertoFijo: false });
    expect(parseClusterArgs(["--procesos", "4"])).toEqual({ procesos: 4, puerto: 3000, puertoFijo: false });
  });

  it("--puerto N (also --puerto=N, in any order with --procesos) fixes the cluster's ports", () => {
    expect(parseClusterArgs(["--puerto", "8080"], { PORT: "3000" })).toEqual({
      procesos: 2,
      puerto: 8080,
      puertoFijo: true,
    });
    expect(parseClusterArgs(["--procesos=3", "--puerto=18000"])).toEqual({
      procesos: 3,
      puerto: 18000,
      puertoFijo: true,
    });
    expect(parseClusterArgs(["--puerto", "65532"])).toMatchObject({ puerto: 65532, puertoFijo: true });
  });

  it("refuses in Spanish what is not a port, an unknown argument, and a block past 65535", () => {
    const refused = (argv: string[], env: Record<string, string> = {}) => {
      try {
        parseClusterArgs(argv, env);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error(`aceptó ${JSON.stringify(argv)}`);
    };
    for (const value of ["0", "65536", "-1", "abc", "", "80.5", "0x50", "8e3", " 80"]) {
      expect(refused(["--puerto", value])).toBe(
        `--puerto debe ser un entero entre 1 y 65535 (se recibió «${value}»). ${CLUSTER_USAGE}`,
      );
    }
    expect(refused(["--puerto"])).toBe(`--puerto debe ser un entero entre 1 y 65535 (se recibió «»). ${CLUSTER_USAGE}`);
    expect(refused(["--procesos", "33"])).toContain("--procesos debe ser un entero entre 1 y 32");
    expect(refused(["--port", "80"])).toBe(`Argumento desconocido «--port». ${CLUSTER_USAGE}`);
    expect(refused([], { PORT: "http" })).toBe("PORT debe ser un entero entre 1 y 65535 (es «http»).");
    expect(refused(["--puerto", "65534", "--procesos", "2"])).toBe(
      "Con --puerto 65534 y 2 procesos el clúster ocuparía los puertos 65534–65537, más allá de 65535: elija un " +
        "puerto menor o igual a 65532.",
    );
  });
});

describe("clusterPorts", () => {
  it("HAProxy on N, its statistics on N + 1, the processes after them", () => {
    expect(clusterPorts(8080, 3)).toEqual({ front: 8080, stats: 8081, processes: [8082, 8083, 8084] });
    expect(clusterPorts(65532, 2)).toEqual({ front: 65532, stats: 65533, processes: [65534, 65535] });
  });
});

describe("startCluster with a fixed port refuses a busy one before starting anything", () => {
  let ocupado: Server | undefined;
  afterEach(async () => {
    await new Promise((r) => (ocupado ? ocupado.close(r) : r(undefined)));
    ocupado = undefined;
  });
  const listen = (port: number) =>
    new Promise<Server>((resolve, reject) => {
      const s = createServer();
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => resolve(s));
    });
  /** A block of `n` free ports below Linux's ephemeral range (where free ports are handed out). */
  async function freeBlock(n: number): Promise<number> {
    for (let intento = 0; intento < 50; intento++) {
      const base = 20_000 + Math.floor(Math.random() * 10_000);
      const servers: Server[] = [];
      try {
        for (let i = 0; i < n; i++) servers.push(await listen(base + i));
        return base;
      } catch {
        // One of them is taken: another block.
      } finally {
        await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
      }
    }
    throw new Error("no hay un bloque de puertos libre");
  }

  it("HAProxy's own port", async () => {
    const base = await freeBlock(4);
    ocupado = await listen(base);
    await expect(startCluster({ port: base, fixedPorts: true, log: () => {} })).rejects.toThrow(
      `El puerto ${base} de 127.0.0.1 está ocupado: elija otro (npm run cluster -- --puerto P).`,
    );
  });

  it("a process's port in the block after it, named with the block", async () => {
    const base = await freeBlock(4);
    ocupado = await listen(base + 3);
    await expect(startCluster({ port: base, fixedPorts: true, procesos: 2, log: () => {} })).rejects.toThrow(
      `El puerto ${base + 3} de 127.0.0.1 está ocupado (con --puerto ${base} el clúster usa ${base}–${base + 3}: ` +
        "HAProxy, sus estadísticas y los procesos): elija otro --puerto.",
    );
  });
});
