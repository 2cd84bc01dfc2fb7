/** Temporary SQL macros the compiled queries use; created once per engine connection. */
export const engineMacros = [
  `CREATE OR REPLACE TEMP MACRO apl_trim_zeros(x) AS regexp_replace(printf('%.6f', x), '\\.?0+$', '')`,
  `CREATE OR REPLACE TEMP MACRO apl_duration_text(i) AS (
    CASE
      WHEN i IS NULL THEN NULL
      WHEN epoch(i) = 0 THEN '0s'
      ELSE (CASE WHEN epoch(i) < 0 THEN '-' ELSE '' END) || (
        CASE
          WHEN abs(epoch(i)) < 0.001 THEN apl_trim_zeros(abs(epoch(i)) * 1000000) || 'µs'
          WHEN abs(epoch(i)) < 1 THEN apl_trim_zeros(abs(epoch(i)) * 1000) || 'ms'
          WHEN abs(epoch(i)) < 60 THEN apl_trim_zeros(abs(epoch(i))) || 's'
          WHEN abs(epoch(i)) < 3600 THEN CAST(floor(abs(epoch(i)) / 60) AS BIGINT) || 'm' || apl_trim_zeros(fmod(abs(epoch(i)), 60)) || 's'
          ELSE CAST(floor(abs(epoch(i)) / 3600) AS BIGINT) || 'h' || CAST(floor(fmod(abs(epoch(i)), 3600) / 60) AS BIGINT) || 'm' || apl_trim_zeros(fmod(abs(epoch(i)), 60)) || 's'
        END)
    END)`,
  // The nanoseconds of a timespan text as apl_duration_text (or a Go duration) writes it: 1h2m3.5s, 250ms, -46µs; null for other text.
  `CREATE OR REPLACE TEMP MACRO apl_duration_part(t, i) AS regexp_extract(t, '^-?(?:(\\d+)h)?(?:(\\d+)m)?(?:(\\d+(?:\\.\\d+)?)(s|ms|µs|us|ns))?$', i)`,
  `CREATE OR REPLACE TEMP MACRO apl_duration_nanos(t) AS (
    CASE WHEN regexp_full_match(t, '-?(\\d+h)?(\\d+m)?(\\d+(\\.\\d+)?(s|ms|µs|us|ns))?') AND regexp_matches(t, '\\d') THEN
      (CASE WHEN starts_with(t, '-') THEN -1 ELSE 1 END) * CAST(
        coalesce(CAST(nullif(apl_duration_part(t, 1), '') AS DECIMAL(38, 9)), 0) * 3600000000000
        + coalesce(CAST(nullif(apl_duration_part(t, 2), '') AS DECIMAL(38, 9)), 0) * 60000000000
        + coalesce(CAST(nullif(apl_duration_part(t, 3), '') AS DECIMAL(38, 9)), 0)
          * (CASE apl_duration_part(t, 4) WHEN 's' THEN 1000000000 WHEN 'ms' THEN 1000000 WHEN 'ns' THEN 1 ELSE 1000 END)
      AS DOUBLE)
    END)`,
  // tostring of a real as Kusto shows it: a whole one without a fraction ('125', not DuckDB's '125.0'),
  // NaN and the infinities as .NET writes them (APL is silent), not as C's printf ('-nan', 'inf').
  `CREATE OR REPLACE TEMP MACRO apl_real_text(v) AS (CASE WHEN isnan(v) THEN 'NaN' WHEN isinf(v) THEN (CASE WHEN v > 0 THEN 'Infinity' ELSE '-Infinity' END) ELSE regexp_replace(CAST(v AS VARCHAR), '\\.0$', '') END)`,
  // Kusto's modulo, 0 <= n % d < abs(d) (numerical-operators.md: -14 % 12 is 10); SQL's takes the dividend's sign.
  `CREATE OR REPLACE TEMP MACRO apl_mod(n, d) AS (CASE WHEN n % d < 0 THEN n % d + abs(d) ELSE n % d END)`,
  // Floors a number to a multiple of size (bin); for datetimes the arithmetic runs on epoch microseconds.
  `CREATE OR REPLACE TEMP MACRO apl_bin_number(v, size) AS (floor(v / size) * size)`,
  `CREATE OR REPLACE TEMP MACRO apl_bin_time(t, micros) AS make_timestamp(CAST(floor(epoch_us(t) / micros) * micros AS BIGINT))`,
  // The same for a literal width of whole microseconds, in integer arithmetic: exact past 2255 (2^53 µs,
  // where a double no longer holds every microsecond), and cheaper (a million bins: 14 ms, against 17 ms
  // in doubles). `//` truncates, so before 1970 the floor is taken in doubles.
  `CREATE OR REPLACE TEMP MACRO apl_bin_time_us(t, micros) AS make_timestamp(
    CASE WHEN epoch_us(t) >= 0 THEN epoch_us(t) // micros ELSE CAST(floor(epoch_us(t) / micros) AS BIGINT) END * micros)`,
  // IPv4 text (optionally with /prefix) as its 32-bit number; null when it is not an address.
  `CREATE OR REPLACE TEMP MACRO apl_ipv4_octets(s) AS list_transform(string_split(split_part(trim(s), '/', 1), '.'), apl_o -> TRY_CAST(apl_o AS BIGINT))`,
  `CREATE OR REPLACE TEMP MACRO apl_ipv4(s) AS (CASE WHEN regexp_full_match(trim(s), '\\d{1,3}(\\.\\d{1,3}){3}(/\\d{1,2})?') AND list_max(apl_ipv4_octets(s)) <= 255
    THEN list_reduce(apl_ipv4_octets(s), (apl_a, apl_b) -> apl_a * 256 + apl_b) END)`,
  `CREATE OR REPLACE TEMP MACRO apl_ipv4_prefix(s) AS (CASE WHEN contains(s, '/') THEN TRY_CAST(split_part(s, '/', 2) AS BIGINT) ELSE 32 END)`,
  `CREATE OR REPLACE TEMP MACRO apl_ipv4_masked(ip, bits) AS ((ip >> (32 - least(greatest(bits, 0), 32))) << (32 - least(greatest(bits, 0), 32)))`,
  `CREATE OR REPLACE TEMP MACRO apl_ipv4_text(n) AS (CASE WHEN n BETWEEN 0 AND 4294967295 THEN concat_ws('.', n >> 24, (n >> 16) & 255, (n >> 8) & 255, n & 255) END)`,
];
