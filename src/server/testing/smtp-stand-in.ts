import type { AddressInfo } from "node:net";
import { createServer, type Socket } from "node:net";

/**
 * A local SMTP server that accepts every message (with any AUTH PLAIN login) and keeps what it received: enough of the
 * protocol for nodemailer, so tests can send real email over a socket on loopback. `refuse` messages are turned away
 * first with a temporary failure (451), as a struggling server would.
 */
export async function startSmtpStandIn(options: { refuse?: number } = {}) {
  const messages: Array<{ from: string; to: string[]; data: string }> = [];
  let refusals = options.refuse ?? 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.setEncoding("utf8");
    let buffer = "";
    let inData = false;
    let current = { from: "", to: [] as string[], data: "" };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 stand-in ESMTP");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(current);
          current = { from: "", to: [], data: "" };
          reply("250 queued");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === "EHLO") {
          socket.write("250-stand-in\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME\r\n");
        } else if (command === "HELO") reply("250 stand-in");
        else if (command === "AUTH") reply("235 accepted");
        else if (command === "MAIL") {
          current.from = line.slice(10);
          reply("250 ok");
        } else if (command === "RCPT") {
          current.to.push(line.slice(8));
          reply("250 ok");
        } else if (command === "DATA" && refusals > 0) {
          refusals--;
          reply("451 try again later");
        } else if (command === "DATA") {
          inData = true;
          reply("354 go ahead");
        } else if (command === "QUIT") {
          reply("221 bye");
          socket.end();
        } else reply("250 ok");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
