import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { networkOf } from "../net/ip-address";
import { createIpHasher, fingerprintOf, isBotRequest, oneShotHmac } from "./click-signals";
import { AddressCounter, WindowCounter } from "./counters";

describe("click signals", () => {
  it("hashes addresses with HMAC-SHA256 under a key derived from the secret", () => {
    const secret = "a-secret-that-is-long-enough-0123456789";
    const key = createHash("sha256").update(`fanboost-ip-hash:${secret}`).digest();
    const hashIp = createIpHasher(secret);
    for (const round of [1, 2]) {
      for (const ip of ["203.0.113.9", "::1", "2001:db8::42"]) {
        expect({ round, hash: hashIp(ip) }).toEqual({
          round,
          hash: createHmac("sha256", key).update(ip).digest("base64url"),
        });
      }
    }
    expect(createIpHasher("another-secret-that-is-long-enough-0123")("203.0.113.9")).not.toBe(hashIp("203.0.113.9"));
  });

  it("computes HMAC-SHA256 as createHmac does, for texts in its own buffer and past it, one after another", () => {
    const key = createHash("sha256").update("key").digest();
    const hmac = oneShotHmac(key);
    const texts = ["", "203.0.113.9", "é".repeat(128), "€".repeat(128), "x".repeat(129), "😀".repeat(100), "7", ""];
    for (const text of [...texts, ...texts.reverse()]) {
      expect({ text, hmac: hmac(text) }).toEqual({
        text,
        hmac: createHmac("sha256", key).update(text).digest("base64url"),
      });
    }
  });

  it("hashes correctly past the number of addresses it remembers", () => {
    const secret = "a-secret-that-is-long-enough-0123456789";
    const key = createHash("sha256").update(`fanboost-ip-hash:${secret}`).digest();
    const hashIp = createIpHasher(secret, 3);
    const addresses = Array.from({ length: 10 }, (_, index) => `198.51.100.${index}`);
    for (const ip of [...addresses, ...addresses.reverse()]) {
      expect(hashIp(ip)).toBe(createHmac("sha256", key).update(ip).digest("base64url"));
    }
  });

  it("fingerprints user agent, language and the address's network", () => {
    const ua = "Mozilla/5.0 Chrome/140";
    expect(fingerprintOf(ua, "en", networkOf("198.51.100.7"))).toBe(
      fingerprintOf(ua, "en", networkOf("198.51.100.200")),
    );
    expect(fingerprintOf(ua, "en", networkOf("198.51.100.7"))).not.toBe(
      fingerprintOf(ua, "en", networkOf("198.51.101.7")),
    );
    expect(fingerprintOf(ua, "en", networkOf("198.51.100.7"))).toHaveLength(22);
  });

  it("gives the same bot verdict for a user agent it has seen before", () => {
    const crawler = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    const person = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
    for (let round = 0; round < 2; round++) {
      expect(isBotRequest("GET", crawler)).toBe(true);
      expect(isBotRequest("GET", person)).toBe(false);
      expect(isBotRequest("HEAD", person)).toBe(true);
      expect(isBotRequest("GET", "  ")).toBe(true);
    }
  });
});

describe("fraud window counters", () => {
  it("counts within a window and starts again after it", () => {
    const counter = new WindowCounter(1_000);
    expect(counter.hit("a", 0)).toBe(1);
    expect(counter.hit("a", 999)).toBe(2);
    expect(counter.hit("a", 1_000)).toBe(1);
  });

  it("keeps at most maxKeys keys, dropping the oldest windows first", () => {
    const counter = new WindowCounter(60_000, 1_000);
    for (let index = 0; index < 5_000; index++) counter.hit(`ip-${index}`, index);
    expect(counter.size).toBeLessThanOrEqual(1_000);
    expect(counter.hit("ip-4999", 5_000)).toBe(2);
    expect(counter.hit("ip-0", 5_000)).toBe(1);
  });
});

describe("address counter", () => {
  it("counts an address's minute and five minutes apart, each window starting again on its own", () => {
    const counter = new AddressCounter();
    expect(counter.hit("a", 0)).toEqual(expect.objectContaining({ minute: 1, burst: 1 }));
    expect(counter.hit("a", 59_999)).toEqual(expect.objectContaining({ minute: 2, burst: 2 }));
    expect(counter.hit("a", 60_000)).toEqual(expect.objectContaining({ minute: 1, burst: 3 }));
    expect(counter.hit("a", 299_999)).toEqual(expect.objectContaining({ minute: 1, burst: 4 }));
    // The five-minute window starts again; the minute that began at 299,999 goes on.
    expect(counter.hit("a", 300_000)).toEqual(expect.objectContaining({ minute: 2, burst: 1 }));
    expect(counter.hit("b", 300_000)).toEqual(expect.objectContaining({ minute: 1, burst: 1 }));
  });

  it("keeps at most maxKeys addresses, dropping the oldest windows first", () => {
    const counter = new AddressCounter(1_000);
    for (let index = 0; index < 5_000; index++) counter.hit(`ip-${index}`, index);
    expect(counter.size).toBeLessThanOrEqual(1_000);
    expect(counter.hit("ip-4999", 5_000).burst).toBe(2);
    expect(counter.hit("ip-0", 5_000).burst).toBe(1);
  });
});
