import type { Browser } from "playwright-core";
import { newPage } from "../e2e/harness";
import type { TestUser } from "../src/server/testing/accounts";
import type { Cluster, InstanceName } from "./cluster";

/**
 * A page opened through the balancer, signed in as `user` if given, that notes which instance serves each of its live
 * streams (`streams.get(path)`: the newest connection's).
 */
export async function openWatched(browser: Browser, cluster: Cluster, name: string, path: string, user?: TestUser) {
  const { context, page } = await newPage(browser, cluster.url, `cluster-${name}`);
  if (user) {
    await context.addCookies(
      user.cookie.split("; ").map((pair) => {
        const [cookieName = "", ...value] = pair.split("=");
        return { name: cookieName, value: value.join("="), url: cluster.url };
      }),
    );
  }
  const streams = new Map<string, InstanceName>();
  page.on("response", (response) => {
    const by = response.headers()["x-served-by"] as InstanceName | undefined;
    const { pathname } = new URL(response.url());
    if (pathname.endsWith("/stream") && by) streams.set(pathname, by);
  });
  await page.goto(path);
  return { page, streams };
}
