import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client";

const root = mkdtempSync(join(tmpdir(), "fanboost-lock-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the embedded database's lock", () => {
  it("refuses a second process while one holds it, and takes over a lock whose process is gone", async () => {
    const dataDir = join(root, "pglite");
    // Another Node process holds the database.
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    try {
      writeFileSync(`${dataDir}.lock`, String(holder.pid));
      await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toThrow(
        `The embedded database in ${dataDir} is in use by another FanBoost process (pid ${holder.pid}). Stop that server first, then try again.`,
      );
    } finally {
      holder.kill();
      await new Promise((resolve) => holder.once("exit", resolve));
    }
    // Its process gone, the lock is taken over; closing the database releases it.
    const database = await openDatabase({ kind: "pglite", dataDir });
    expect(readFileSync(`${dataDir}.lock`, "utf8")).toBe(String(process.pid));
    await database.close();
    expect(() => readFileSync(`${dataDir}.lock`, "utf8")).toThrow();
  });
});
