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
  // Floors a number to a multiple of size (bin); for datetimes the arithmetic runs on epoch microseconds.
  `CREATE OR REPLACE TEMP MACRO apl_bin_number(v, size) AS (floor(v / size) * size)`,
  `CREATE OR REPLACE TEMP MACRO apl_bin_time(t, micros) AS make_timestamp(CAST(floor(epoch_us(t) / micros) * micros AS BIGINT))`,
];
