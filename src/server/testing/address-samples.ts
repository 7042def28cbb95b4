import type { AddressKind } from "../../core/vocabulary.js";

/** One or more addresses of every kind the outbound rule refuses, in the forms an attacker would try. */
export const refusedSamples: Record<AddressKind, string[]> = {
  loopback: [
    "127.0.0.1",
    "127.255.0.9",
    "::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "64:ff9b::7f00:1",
    "2002:7f00:1::",
  ],
  private: [
    "10.0.0.5",
    "172.16.0.1",
    "172.31.255.254",
    "192.168.1.1",
    "::ffff:10.1.2.3",
    "::ffff:0:192.168.0.1",
    "fec0::1",
  ],
  shared: ["100.64.0.1", "100.127.255.254", "::ffff:100.64.1.1"],
  link_local: ["169.254.169.254", "169.254.0.1", "fe80::1", "fe80::1%eth0", "febf::1", "::ffff:169.254.169.254"],
  unique_local: ["fc00::1", "fd12:3456:789a::1"],
  unspecified: ["0.0.0.0", "0.1.2.3", "::", "::ffff:0.0.0.0", "::0.0.0.2"],
  multicast: ["224.0.0.1", "239.255.255.250", "ff02::1", "ff05::1:3", "::ffff:224.0.0.251"],
  documentation: ["192.0.2.1", "198.51.100.7", "203.0.113.9", "2001:db8::1", "3fff::1", "::ffff:192.0.2.1"],
  reserved: [
    "192.0.0.8",
    "198.18.0.1",
    "198.19.255.255",
    "240.0.0.1",
    "255.255.255.255",
    "192.88.99.1",
    "2001::1",
    "100::1",
    "5f00::1",
    "64:ff9b:1::1",
    "not an address",
  ],
};

/** Public addresses, written as plainly and as oddly as the refused ones. */
export const publicSamples = [
  "8.8.8.8",
  "1.1.1.1",
  "93.184.216.34",
  "100.63.255.255",
  "100.128.0.1",
  "172.32.0.1",
  "198.20.0.1",
  "223.255.255.255",
  "2606:4700:4700::1111",
  "2a00:1450:4001:81c::200e",
  "::ffff:8.8.8.8",
  "64:ff9b::808:808",
  "2002:808:808::1",
];
