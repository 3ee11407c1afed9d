import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP proxy on a loopback port in front of a real server (PostgreSQL): `cut()` is an outage — every open
 * connection is dropped and new ones are refused (nothing listens) — and `restore()` listens again on the same
 * port, so a client pointed at the proxy sees the server go away and come back.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = connect(target.port, target.host);
        sockets.add(client);
        sockets.add(upstream);
        const end = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        for (const socket of [client, upstream]) {
          socket.on("error", end);
          socket.on("close", end);
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        server = s;
        port = (s.address() as { port: number }).port;
        resolve();
      });
    });

  const stop = async () => {
    const s = server;
    server = null;
    if (!s) return;
    const closed = new Promise<void>((resolve) => s.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await closed;
  };

  await listen();
  return {
    port,
    /** Connections open through the proxy right now (both sides counted once). */
    get connections() {
      return sockets.size / 2;
    },
    cut: stop,
    restore: listen,
    close: stop,
  };
}
