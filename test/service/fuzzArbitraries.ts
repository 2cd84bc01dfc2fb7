/** The random requests of the fuzz tests: shapes, sizes and encodings at the edges of what the service takes. */
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';

/** Field names that collide in case, are empty, or carry control characters, beside ordinary ones. */
const fieldName = fc.oneof(
  fc.constantFrom('level', 'Level', 'LEVEL', '_time', '_sysTime', '', 'a.b', 'a\u0000b', 'é', 'É', '"', "'", '^', 'geo.city'),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
);

/** Values of every JSON type, with times and numbers at their edges. */
const fieldValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(1e300, -1e300, 9007199254740993, '99999-01-01T00:00:00Z', '2024-02-30T00:00:00Z', 'now', '', '\u0000', 0.5),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
);

const event = fc.dictionary(fieldName, fieldValue, { maxKeys: 8 });

export interface IngestRequest {
  body: Uint8Array | string;
  headers: Record<string, string>;
  query: string;
}

export function ingestRequest(): fc.Arbitrary<IngestRequest> {
  const json = fc.array(event, { maxLength: 6 }).map((events) => ({ type: 'application/json', text: JSON.stringify(events) }));
  const ndjson = fc.array(event, { maxLength: 6 }).map((events) => ({ type: 'application/x-ndjson', text: events.map((e) => JSON.stringify(e)).join('\n') }));
  const csv = fc
    .array(fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('', '"', '"a""b"', 'a,b', '\n')), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 })
    .map((rows) => ({ type: 'text/csv', text: rows.map((row) => row.join(',')).join('\n') }));
  const garbage = fc
    .tuple(fc.constantFrom('application/json', 'application/x-ndjson', 'text/csv', 'text/plain', '', 'application/json; charset=latin1'), fc.string({ unit: 'binary', maxLength: 200 }))
    .map(([type, text]) => ({ type, text }));
  const nested = fc.integer({ min: 1, max: 20_000 }).map((depth) => ({ type: 'application/json', text: `[{"deep":${'['.repeat(depth)}${']'.repeat(depth)}}]` }));
  const wide = fc.integer({ min: 1, max: 3_000 }).map((width) => ({
    type: 'application/x-ndjson',
    text: JSON.stringify(Object.fromEntries(Array.from({ length: width }, (_, i) => [`f${i}`, i]))),
  }));
  const long = fc.integer({ min: 1, max: 2 * 1024 * 1024 }).map((size) => ({ type: 'application/x-ndjson', text: `{"s":"${'x'.repeat(size)}"}` }));
  const query = fc
    .record(
      {
        'timestamp-field': fc.constantFrom('_time', 'when', 'level', ''),
        'timestamp-format': fc.constantFrom('2006-01-02', '%Y', 'x', ''),
        'csv-delimiter': fc.constantFrom(',', '|', '', ';;'),
      },
      { requiredKeys: [] },
    )
    .map((params) => {
      const text = new URLSearchParams(params).toString();
      return text === '' ? '' : `?${text}`;
    });
  const encoding = fc.constantFrom('', 'identity', 'gzip', 'gzip-broken', 'zstd', 'br');
  return fc.tuple(fc.oneof(json, ndjson, csv, garbage, nested, wide, long), encoding, query).map(([payload, coding, queryText]) => {
    let body: Uint8Array | string = payload.text;
    let header = coding;
    if (coding === 'gzip') body = gzipSync(payload.text);
    if (coding === 'gzip-broken') [body, header] = [gzipSync(payload.text).subarray(0, 12), 'gzip'];
    return { body, headers: { 'Content-Type': payload.type, 'Content-Encoding': header }, query: queryText };
  });
}

/** Fragments of APL, valid and not, joined at random; the edges of what the parser and engine take. */
export function aplRequest(): fc.Arbitrary<Record<string, unknown>> {
  const source = fc.constantFrom("['fuzz-a']", "['Fuzz-A']", "['fuzz-a\u0000']", "['nope']", 'print x = 1', 'datatable(a:long)[1, 2]', 'union *', '');
  const stage = fc.oneof(
    fc.constantFrom(
      'where level == "x"',
      'where Level != ""',
      'extend A = 1, a = 2',
      'summarize count() by level',
      'summarize count() by bin_auto(_time)',
      'project level, Level',
      'take 5',
      'top 3 by _time',
      'extend s = strrep("ab", 100000)',
      'extend j = parse_json("[[[[1]]]]")',
      'mv-expand x = range(1, 10)',
      'sort by _time desc',
      'where "a\u0000b" == "c"',
      'count',
      'where',
      '| |',
      'extend x = ((((((((((1))))))))))',
      'where not(not(not(true)))',
    ),
    fc.string({ maxLength: 20 }),
  );
  const apl = fc.tuple(source, fc.array(stage, { maxLength: 5 })).map(([from, stages]) => [from, ...stages].join(' | '));
  const time = fc.option(fc.constantFrom('now', 'now-1h', 'now-9999999999999999999h', '2024-01-01T00:00:00Z', 'yesterday', '', '0001-01-01T00:00:00Z', '99999-01-01T00:00:00Z'), { nil: undefined });
  return fc.record({ apl: fc.oneof(apl, fc.string({ maxLength: 40 })), startTime: time, endTime: time }, { requiredKeys: ['apl'] });
}
