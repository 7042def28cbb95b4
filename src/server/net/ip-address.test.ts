import { describe, expect, it } from "vitest";
import { publicSamples, refusedSamples } from "../testing/address-samples";
import { addressKind, ipv6Groups } from "./ip-address";

describe("what an address is", () => {
  it("names every kind of address that is not on the public internet, in each of its forms", () => {
    for (const [kind, addresses] of Object.entries(refusedSamples)) {
      for (const address of addresses) expect({ address, kind: addressKind(address) }).toEqual({ address, kind });
    }
  });

  it("leaves public addresses alone, next to the edges of the refused ranges", () => {
    for (const address of publicSamples)
      expect({ address, kind: addressKind(address) }).toEqual({ address, kind: null });
  });

  it("reads IPv6 however it is written", () => {
    expect(ipv6Groups("::ffff:127.0.0.1")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(ipv6Groups("FE80::1%eth0")).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups("2001:db8:0:0:1:0:0:1")).toEqual([0x2001, 0xdb8, 0, 0, 1, 0, 0, 1]);
  });
});
