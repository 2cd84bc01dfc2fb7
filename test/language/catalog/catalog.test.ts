import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  aggregations,
  dataTypes,
  findAggregation,
  findDataType,
  findFunction,
  findOperator,
  findScalarFunction,
  findScalarOperator,
  isTypeofName,
  normalizeTypeName,
  operators,
  renderSignature,
  scalarFunctions,
  scalarOperators,
  signatureLabel,
  stringOperators,
  docUrlFromPath,
} from '../../../language/catalog/catalog.ts';
import { catalogCounts } from '../../../language/catalog/catalog.generated.ts';
import { writtenDocs } from '../../../language/catalog/docs.generated.ts';

describe('catalog contents', () => {
  it('holds every documented operator plus print and datatable', () => {
    assert.equal(operators().filter((entry) => entry.documented).length, 29);
    assert.equal(catalogCounts.tabularOperators, 29);
    assert.deepEqual(
      operators()
        .filter((entry) => !entry.documented)
        .map((entry) => entry.name)
        .sort(),
      ['datatable', 'print'],
    );
  });

  it('holds 259 documented scalar functions plus pack', () => {
    assert.equal(scalarFunctions().filter((entry) => entry.documented).length, 259);
    const pack = findScalarFunction('pack');
    assert.ok(pack);
    assert.equal(pack.documented, false);
    assert.equal(pack.aliasOf, 'bag_pack');
    assert.deepEqual(pack.signatures, findScalarFunction('bag_pack')?.signatures);
  });

  it('holds 33 aggregations', () => {
    assert.equal(aggregations().length, 33);
    assert.ok(aggregations().every((entry) => entry.kind === 'aggregation'));
  });

  it('has no duplicate names within a list', () => {
    for (const names of [operators().map((e) => e.name), scalarFunctions().map((e) => e.name), aggregations().map((e) => e.name)]) {
      assert.equal(new Set(names).size, names.length);
    }
  });

  it('gives every entry a doc and a reference link', () => {
    const entries = [...operators(), ...scalarFunctions(), ...aggregations(), ...scalarOperators(), ...dataTypes()];
    for (const entry of entries) {
      assert.match(entry.docUrl, /^https:\/\/axiom\.co\/docs\/[a-z0-9/-]+$/, JSON.stringify(entry.docUrl));
      assert.ok(entry.doc.length > 20);
      assert.ok(entry.doc.includes(`(${entry.docUrl})`), `doc of ${'name' in entry ? entry.name : entry.op} links its page`);
    }
  });
});

describe('lookups', () => {
  it('finds operators, functions and aggregations by name', () => {
    assert.equal(findOperator('summarize')?.docUrl, 'https://axiom.co/docs/apl/tabular-operators/summarize-operator');
    assert.equal(findOperator('limit')?.aliasOf, 'take');
    assert.equal(findOperator('join')?.defaults?.kind, 'inner');
    assert.equal(findOperator('nope'), undefined);
    assert.equal(findScalarFunction('strlen')?.kind, 'scalar');
    assert.equal(findScalarFunction('avg'), undefined);
    assert.equal(findAggregation('avg')?.signatures[0].returns, 'real');
    assert.equal(findAggregation('strlen'), undefined);
    assert.equal(findFunction('count')?.kind, 'aggregation');
    assert.equal(findFunction('iif')?.aliasOf, 'iff');
  });

  it('finds scalar operators by spelling, negation and alias', () => {
    assert.equal(stringOperators().length, catalogCounts.stringOperators);
    assert.equal(findScalarOperator('contains')?.caseSensitive, false);
    assert.equal(findScalarOperator('contains_cs')?.caseSensitive, true);
    assert.equal(findScalarOperator('!has')?.op, 'has');
    assert.equal(findScalarOperator('!in')?.op, '!in');
    assert.equal(findScalarOperator('<>')?.op, '!=');
    assert.equal(findScalarOperator('Matches   Regex')?.op, 'matches regex');
    assert.equal(findScalarOperator('between')?.documented, false);
    assert.equal(findScalarOperator('==')?.group, 'comparison');
  });
});

describe('types', () => {
  it('folds APL aliases', () => {
    assert.equal(normalizeTypeName('date'), 'datetime');
    assert.equal(normalizeTypeName('time'), 'timespan');
    assert.equal(normalizeTypeName('double'), 'real');
    assert.equal(normalizeTypeName('boolean'), 'bool');
    assert.equal(normalizeTypeName('int'), 'int');
    assert.equal(normalizeTypeName('long'), 'long');
    assert.equal(normalizeTypeName('dynamic'), 'dynamic');
    assert.equal(normalizeTypeName('string'), 'string');
  });

  it('folds the service schema vocabulary', () => {
    assert.equal(normalizeTypeName('integer'), 'long');
    assert.equal(normalizeTypeName('float'), 'real');
    assert.equal(normalizeTypeName('array'), 'dynamic');
    assert.equal(normalizeTypeName('object'), 'dynamic');
    assert.equal(normalizeTypeName('map'), 'dynamic');
    assert.equal(normalizeTypeName('object/map'), 'dynamic');
    assert.equal(normalizeTypeName('Boolean'), 'bool');
    assert.equal(normalizeTypeName('decimal'), undefined);
  });

  it('lists data types with their aliases', () => {
    assert.deepEqual(findDataType('date')?.name, 'datetime');
    assert.deepEqual(findDataType('real')?.aliases, ['double']);
    assert.ok(isTypeofName('date'));
    assert.ok(!isTypeofName('integer'));
  });
});

describe('signatures and links', () => {
  it('renders signatures', () => {
    const render = (name: string) => {
      const entry = findFunction(name);
      assert.ok(entry, name);
      return renderSignature(entry.name, entry.signatures[0]);
    };
    assert.equal(render('avg'), 'avg(expr: numeric): real');
    assert.equal(render('round'), 'round(source: real, precision?: int): real');
    assert.equal(render('strcat'), 'strcat(arg1: any, args: any...): string');
    assert.equal(render('count'), 'count(): long');
    assert.equal(render('bag_pack'), 'bag_pack(key: string, value: any, [key: string, value: any]...): dynamic');
    assert.equal(render('case'), 'case(condition: bool, result: any, [condition: bool, result: any]..., else: any): any');
    assert.equal(render('bin'), 'bin(value: real|long|datetime|timespan, bin_size: real|long|timespan): real|long|datetime|timespan');
  });

  it('reports where each parameter sits in the label', () => {
    const entry = findFunction('round');
    assert.ok(entry);
    const { label, parameters } = signatureLabel(entry.name, entry.signatures[0]);
    assert.deepEqual(
      parameters.map(([start, end]) => label.slice(start, end)),
      ['source: real', 'precision?: int'],
    );
  });

  it('builds docs from facts around the written documentation', () => {
    const avg = findAggregation('avg');
    assert.ok(avg);
    assert.ok(avg.doc.includes('avg(expr: numeric): real'));
    assert.ok(avg.doc.includes(writtenDocs['aggregation:avg']!));
    assert.ok(!avg.doc.includes(avg.summary), 'the research summary gives way to the written doc');
    assert.equal(docUrlFromPath('content/docs/(query-reference)/apl/aggregation-function/avg.mdx'), 'https://axiom.co/docs/apl/aggregation-function/avg');
  });
});
