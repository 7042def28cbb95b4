import { connect, createServer, type Socket } from "node:net";

/**
 * A TCP forwarder to `target` that the test can close like a firewall: `block()` cuts every connection and refuses
 * new ones (they are accepted and dropped at once), `open()` lets them through again. The shared PostgreSQL keeps
 * running for everyone else.
 */
export async function startTcpGate(target: { host: string; port: number }) {
  let blocked = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    if (blocked) {
      client.destroy();
      return;
    }
    const upstream = connect(target);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => socket.destroy());
    }
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : 0,
    block() {
      blocked = true;
      for (const socket of sockets) socket.destroy();
    },
    open() {
      blocked = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
