import { describe, expect, it } from "vitest";
import { passwordHashing } from "./password-hashing";

describe("password hashing", () => {
  it("keeps Better Auth's own hashing everywhere but in test runs", () => {
    expect(passwordHashing("production")).toBeUndefined();
    expect(passwordHashing("development")).toBeUndefined();
  });

  it("in test runs, hashes each time with a new salt and verifies only the same password", async () => {
    const hashing = passwordHashing("test");
    if (!hashing) throw new Error("Test runs hash cheaply");
    const hash = await hashing.hash("correct horse battery");
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await hashing.hash("correct horse battery")).not.toBe(hash);
    expect(await hashing.verify({ hash, password: "correct horse battery" })).toBe(true);
    expect(await hashing.verify({ hash, password: "correct horse battery!" })).toBe(false);
    expect(await hashing.verify({ hash: "not a hash", password: "correct horse battery" })).toBe(false);
  });
});
