import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { harnessSettings } from "../src/server/config";
import type { AppServer } from "./harness";

/**
 * A person's browser, for the journeys that need one a page cannot tell from a real visitor's: Chromium as a person
 * runs it (a window on a virtual X display, no automation switch, no DevTools connection), opened at a social site's
 * page that links to the tracking link, and a real mouse click on that link (xdotool), so the browser sends what it
 * sends for a tap: the referrer, `Sec-Fetch-Site: cross-site` and `Sec-Fetch-User`. Its traffic goes through a proxy of
 * its own that serves the social page, adds the fan's address as `X-Forwarded-For` for the app (behind TRUST_PROXY=1)
 * and refuses every other site: nothing leaves this machine.
 */

const run = promisify(execFile);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A virtual X display for the fans' windows, stopped with `stop`. */
export async function startDisplay(): Promise<{ display: string; stop: () => void }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const number = 100 + Math.floor(Math.random() * 400);
    if (existsSync(`/tmp/.X11-unix/X${number}`) || existsSync(`/tmp/.X${number}-lock`)) continue;
    const xvfb = spawn("Xvfb", [`:${number}`, "-screen", "0", "1280x800x24", "-nolisten", "tcp"], { stdio: "ignore" });
    for (let waited = 0; waited < 100 && !existsSync(`/tmp/.X11-unix/X${number}`); waited++) await pause(100);
    if (!existsSync(`/tmp/.X11-unix/X${number}`)) throw new Error(`Xvfb did not start on :${number}`);
    return { display: `:${number}`, stop: () => xvfb.kill() };
  }
  throw new Error("No free X display number");
}

type FanProxy = {
  port: number;
  /** Whether the browser asked for the tracking link yet: the fan's tap reached it. */
  followed: () => boolean;
  confirmed: Promise<number>;
  close: () => Promise<void>;
};

/** The fan's proxy: the social page at `socialUrl`, the app with the fan's address, nothing else. */
async function fanProxy(app: AppServer, address: string, socialUrl: string, trackingPath: string): Promise<FanProxy> {
  const appUrl = new URL(app.url);
  const social = new URL(socialUrl);
  let followed = false;
  let confirmedWith: (status: number) => void = () => undefined;
  const confirmed = new Promise<number>((resolve) => {
    confirmedWith = resolve;
  });
  const socialPage = `<!doctype html><html><head><title>${social.host}</title><style>
a{position:fixed;inset:0;display:flex;align-items:center;justify-content:center;font:32px sans-serif}</style></head>
<body><a href="${app.url}${trackingPath}">Listen to the song</a></body></html>`;
  const forward = (incoming: IncomingMessage, answer: ServerResponse, target: URL) => {
    const headers: Record<string, string | string[] | undefined> = { ...incoming.headers, "x-forwarded-for": address };
    delete headers["proxy-connection"];
    const outgoing = request(
      {
        host: appUrl.hostname,
        port: appUrl.port,
        method: incoming.method,
        path: target.pathname + target.search,
        headers,
      },
      (response) => {
        if (target.pathname === "/api/clicks/confirm") confirmedWith(response.statusCode ?? 0);
        answer.writeHead(response.statusCode ?? 502, response.headers);
        response.on("error", () => answer.destroy());
        response.pipe(answer);
      },
    );
    // The fan's browser is killed mid-answer at the end: a reset connection is its going away.
    outgoing.on("error", () => answer.destroy());
    incoming.on("error", () => outgoing.destroy());
    answer.on("error", () => outgoing.destroy());
    incoming.pipe(outgoing);
  };
  const server: Server = createServer((incoming, answer) => {
    const target = new URL(incoming.url ?? "/", `http://${incoming.headers.host}`);
    if (target.host === social.host && target.pathname === social.pathname) {
      answer.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(socialPage);
    } else if (target.host === appUrl.host) {
      if (target.pathname === trackingPath) followed = true;
      forward(incoming, answer, target);
    } else {
      answer.writeHead(403).end("This journey stays on this machine.");
    }
  });
  // No tunnels: every site but the social page and the app is refused.
  server.on("connect", (_request, socket) => {
    socket.on("error", () => undefined);
    socket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
  });
  server.on("clientError", (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    followed: () => followed,
    confirmed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A fan taps the tracking link on `socialUrl` in their own browser, from `address`: resolves once the tracking page's
 * script confirmed the visit, with the confirmation's status.
 */
export async function tapAsFan(
  app: AppServer,
  options: { display: string; address: string; socialUrl: string; trackingPath: string },
): Promise<number> {
  const proxy = await fanProxy(app, options.address, options.socialUrl, options.trackingPath);
  const profile = mkdtempSync(join(tmpdir(), "fanboost-fan-"));
  const env = { ...process.env, DISPLAY: options.display };
  let browser: ChildProcess | undefined;
  try {
    browser = spawn(
      harnessSettings().chromiumPath,
      [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-default-browser-check",
        // The social pages are served over plain HTTP by the proxy: no upgrade to HTTPS.
        "--disable-features=HttpsUpgrades,HttpsFirstBalancedModeAutoEnable",
        `--user-data-dir=${profile}`,
        `--proxy-server=http://127.0.0.1:${proxy.port}`,
        // Loopback goes through the proxy too, so the app sees the fan's address.
        "--proxy-bypass-list=<-loopback>",
        "--window-position=0,0",
        "--window-size=1280,800",
        options.socialUrl,
      ],
      // Its own process group: the browser's helpers go with it.
      { env, stdio: "ignore", detached: true },
    );
    // The social page fills the window with its link: a click anywhere below the toolbar taps it, once it is drawn. A
    // busy machine may draw it after the click: the fan taps again until the browser follows the link.
    const tapped = (async () => {
      for (let attempt = 0; attempt < 40; attempt++) {
        await pause(500);
        if (proxy.followed()) return;
        const { stdout } = await run("xdotool", ["search", "--name", new URL(options.socialUrl).host], { env }).catch(
          () => ({ stdout: "" }),
        );
        if (stdout.trim() === "") continue;
        // Drawn a moment after its title is set.
        await pause(300);
        await run("xdotool", ["mousemove", "640", "500", "click", "1"], { env });
        for (let waited = 0; waited < 10 && !proxy.followed(); waited++) await pause(200);
        if (proxy.followed()) return;
      }
      throw new Error(`The fan's window at ${options.socialUrl} never followed the link`);
    })();
    await tapped;
    return await Promise.race([
      proxy.confirmed,
      new Promise<number>((_, reject) =>
        setTimeout(() => reject(new Error(`No confirmation from the fan at ${options.address}`)), 30_000),
      ),
    ]);
  } finally {
    if (browser?.pid !== undefined && browser.exitCode === null) {
      const exited = new Promise((resolve) => browser?.once("exit", resolve));
      process.kill(-browser.pid, "SIGKILL");
      await exited;
    }
    await proxy.close();
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
}
