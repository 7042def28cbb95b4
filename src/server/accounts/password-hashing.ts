import { randomBytes, scrypt } from "node:crypto";
import type { Config } from "../config.js";

/**
 * Scrypt at a small work factor, in Better Auth's own format (`salt:key`, hex): for test runs only, whose thousands of
 * sign-ups and sign-ins each cost a quarter of a second of a core at the production factor (N = 16384, r = 16). Every
 * other environment keeps Better Auth's own hashing.
 */
const TEST_COST = { N: 256, r: 16, p: 1 };
const KEY_BYTES = 64;

const derive = (password: string, salt: string) =>
  new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_BYTES, TEST_COST, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });

const testHashing = {
  hash: async (password: string) => {
    const salt = randomBytes(16).toString("hex");
    return `${salt}:${(await derive(password, salt)).toString("hex")}`;
  },
  verify: async ({ hash, password }: { hash: string; password: string }) => {
    const [salt, key] = hash.split(":");
    if (!salt || !key) return false;
    return (await derive(password, salt)).toString("hex") === key;
  },
};

/** The password hashing Better Auth is given: the test runs' cheap one under NODE_ENV=test, else its own. */
export const passwordHashing = (nodeEnv: Config["nodeEnv"]) => (nodeEnv === "test" ? testHashing : undefined);
