import type { Argument, CallNode, Expression } from '../syntax/ast.ts';
import { aggregations, findFunction, scalarFunctions, type FunctionEntry, type SignatureEntry } from '../catalog/catalog.ts';
import { closestName, withSuggestion } from './suggestions.ts';
import type { ScalarType } from './analyzer.ts';
import { analyzeArgument, checkTypeName } from './expressions.ts';
import { checkWordArguments } from './literalArguments.ts';
import { describeArity, messages, rules } from './rules.ts';
import type { ExpressionContext } from './scope.ts';
import { findColumn } from './tables.ts';
import { describeSpec, isClearMismatch, parseTypeSpec } from './types.ts';

/** Function calls: lookup, aggregation context, argument count and types, result type. */
export function analyzeCall(call: CallNode, context: ExpressionContext): ScalarType {
  const name = call.callee.name;
  // A call to a function-like let in scope calls it, whatever the catalog holds.
  const userFunction = context.query.lets.get(name);
  if (userFunction?.function) {
    context.state.symbols.set(call.callee, { kind: 'let', binding: userFunction });
    for (const argument of call.args) analyzeArgument(argument, context);
    // Parameters with a default may be left out (Kusto's user-defined functions).
    const { parameters } = userFunction.function;
    const required = parameters.filter((parameter) => parameter.default === undefined).length;
    if (call.closeParen >= 0 && (call.args.length < required || call.args.length > parameters.length)) {
      context.state.report(rules.argumentCount, call, messages.argumentCount(name, describeArity(required, parameters.length), call.args.length));
    }
    // A parameter without a declared type is a table: the body's type is then not known here.
    const returns = userFunction.returns;
    return returns === undefined || returns === 'table' ? 'unknown' : returns;
  }
  const entry = findFunction(name);
  if (!entry) {
    // Where an aggregation may stand, aggregations come first: of two names as close, `agv` means `avg`, not `ago`.
    const suggestion = closestName(name, context.aggregation === 'allowed' ? aggregationsFirst() : knownFunctionNames());
    context.state.report(rules.unknownFunction, call.callee, withSuggestion(messages.unknownFunction(name), suggestion), suggestion === undefined ? undefined : [suggestion]);
    context.tally.unknownCalls++;
    for (const argument of call.args) analyzeArgument(argument, context);
    return 'unknown';
  }
  context.state.symbols.set(call.callee, { kind: 'function', name: entry.name });

  let argumentContext = context;
  if (entry.kind === 'aggregation') {
    context.tally.aggregations++;
    if (context.aggregation === 'none') {
      context.state.report(rules.aggregationContext, call.callee, messages.aggregationOutside(name));
    } else if (context.aggregation === 'nested') {
      context.state.report(rules.aggregationContext, call.callee, messages.aggregationNested(name));
    }
    argumentContext = { ...context, aggregation: 'nested' };
  }

  switch (name) {
    case 'column_ifexists':
      checkArgumentCount(entry, call, context);
      return columnIfExists(call, argumentContext);
    case 'ensure_field':
      checkArgumentCount(entry, call, context);
      return ensureField(call, argumentContext);
  }

  const argumentTypes = call.args.map((argument) => analyzeArgumentOf(argument, argumentContext));
  if (name === 'bin_auto') checkBinAuto(call, context);

  // `pack_array(*)` and `bag_pack(*)` pack every column of the row (the pack-array page).
  if (packsRow.has(entry.name) && call.args.length === 1 && call.args[0]!.kind === 'Star') return 'dynamic';
  const signature = checkArgumentCount(entry, call, context);
  if (!signature) return returnType(entry.signatures[0], argumentTypes, call.args.length);
  checkArgumentTypes(entry, signature, call.args, argumentTypes, context);
  checkWordArguments(call, context);
  return returnType(signature, argumentTypes, call.args.length);
}

/**
 * The signature the argument count fits, or undefined after reporting a count that fits none.
 * A repeating group left incomplete (`case` without its final else, which the reference's isbool
 * page writes and the engine answers with null) is a warning, and the signature still applies.
 */
function checkArgumentCount(entry: FunctionEntry, call: CallNode, context: ExpressionContext): SignatureEntry | undefined {
  const count = call.args.length;
  const signature = pickSignature(entry, count);
  // While `f(` is still being typed the count is not final.
  if (signature || call.closeParen < 0) return signature;
  // `case(a, 1, b, 2)`: enough arguments, but a pair is left without the final else.
  const misgrouped = entry.signatures.find((candidate) => fitsArity(candidate, count));
  if (misgrouped) {
    const lastVariadic = misgrouped.params.reduce((last, param, i) => (param.variadic ? i : last), -1);
    const tail = misgrouped.params.slice(lastVariadic + 1).map((param) => param.name);
    context.state.report(rules.argumentGroups, call, messages.argumentGroups(entry.name, misgrouped.variadicGroup ?? [], tail, count));
    return misgrouped;
  }
  const [min, max] = arityRange(entry);
  context.state.report(rules.argumentCount, call, messages.argumentCount(entry.name, describeArity(min, max), count));
  return undefined;
}

const packsRow = new Set(['pack_array', 'bag_pack', 'pack']);

function analyzeArgumentOf(argument: Argument, context: ExpressionContext): ScalarType {
  const value = argument.kind === 'NamedArgument' ? argument.value : argument;
  if (value.kind === 'Star') return 'unknown';
  return analyzeArgument(argument, context);
}

/** `column_ifexists("name", default)`: never complains about the name; typed as the column if present. */
function columnIfExists(call: CallNode, context: ExpressionContext): ScalarType {
  const [field, fallback] = call.args;
  const fallbackType = fallback ? analyzeArgument(fallback, context) : 'unknown';
  if (field?.kind === 'Literal' && typeof field.value === 'string') {
    context.state.types.set(field, 'string');
    const found = context.row && findColumn(context.row.shape, field.value);
    if (found) return found.type;
  }
  for (const argument of call.args.slice(2)) analyzeArgument(argument, context);
  return fallbackType;
}

/** `ensure_field("name", typeof(T))` has type T. */
function ensureField(call: CallNode, context: ExpressionContext): ScalarType {
  const [field, type] = call.args;
  if (field?.kind === 'Literal') context.state.types.set(field, 'string');
  for (const argument of call.args.slice(2)) analyzeArgument(argument, context);
  if (type?.kind === 'TypeOf') return checkTypeName(type.typeName, context.state);
  if (type) analyzeArgument(type, context);
  return 'unknown';
}

function checkBinAuto(call: CallNode, context: ExpressionContext): void {
  const [argument] = call.args;
  if (!argument || argument.kind === 'Missing') return;
  const isTime = argument.kind === 'Name' && argument.name === '_time';
  if (!isTime) context.state.report(rules.binAutoTime, argument, messages.binAutoTime());
}

function arity(signature: SignatureEntry): [number, number] {
  let min = 0;
  let variadic = false;
  for (const param of signature.params) {
    if (param.variadic) variadic = true;
    else if (!param.optional) min++;
  }
  return [min, variadic ? Infinity : signature.params.length];
}

function arityRange(entry: FunctionEntry): [number, number] {
  let min = Infinity;
  let max = 0;
  for (const signature of entry.signatures) {
    const [low, high] = arity(signature);
    min = Math.min(min, low);
    max = Math.max(max, high);
  }
  return [min, max];
}

function fitsArity(signature: SignatureEntry, count: number): boolean {
  const [min, max] = arity(signature);
  return count >= min && count <= max;
}

/** A repeating group (case's condition/result, bag_pack's key/value) comes whole. */
function fitsGroups(signature: SignatureEntry, count: number): boolean {
  const groupSize = signature.variadicGroup?.length ?? 1;
  if (groupSize < 2) return true;
  const fixed = signature.params.filter((param) => !param.variadic).length;
  return (count - fixed) % groupSize === 0;
}

function pickSignature(entry: FunctionEntry, count: number): SignatureEntry | undefined {
  return entry.signatures.find((signature) => fitsArity(signature, count) && fitsGroups(signature, count));
}

/**
 * The parameter index each argument binds to. Arguments past a variadic parameter (or a
 * repeating group such as case's condition/result pairs) cycle through it; parameters after the
 * repetition (case's `else`) take the last arguments.
 */
function parameterIndexes(signature: SignatureEntry, count: number): number[] {
  const params = signature.params;
  const variadicStart = params.findIndex((param) => param.variadic);
  const indexes: number[] = [];
  if (variadicStart < 0) {
    for (let i = 0; i < count; i++) indexes.push(Math.min(i, params.length - 1));
    return indexes;
  }
  const groupSize = Math.max(1, signature.variadicGroup?.length ?? 1);
  const tailStart = variadicStart + groupSize;
  const tailLength = params.length - tailStart;
  for (let i = 0; i < count; i++) {
    if (i < variadicStart) indexes.push(i);
    else if (tailLength > 0 && i >= count - tailLength && count - tailLength >= variadicStart) {
      indexes.push(tailStart + (i - (count - tailLength)));
    } else indexes.push(variadicStart + ((i - variadicStart) % groupSize));
  }
  return indexes;
}

function checkArgumentTypes(
  entry: FunctionEntry,
  signature: SignatureEntry,
  args: Argument[],
  types: ScalarType[],
  context: ExpressionContext,
): void {
  const indexes = parameterIndexes(signature, args.length);
  args.forEach((argument, i) => {
    const param = signature.params[indexes[i]];
    if (!param) return;
    const spec = parseTypeSpec(param.type);
    if (isClearMismatch(types[i], spec)) {
      const message = messages.argumentType(entry.name, param.name, describeSpec(spec), types[i]);
      context.state.report(rules.argumentType, argumentValue(argument), message);
    }
  });
}

function argumentValue(argument: Argument): Expression {
  return argument.kind === 'NamedArgument' ? argument.value : argument;
}

function returnType(signature: SignatureEntry, types: ScalarType[], count: number): ScalarType {
  const spec = parseTypeSpec(signature.returns);
  if (spec.kind === 'set') return spec.types.size === 1 ? [...spec.types][0] : 'unknown';
  if (spec.kind !== 'same') return 'unknown';
  const direct = types[spec.index] ?? 'unknown';
  if (direct !== 'unknown') return direct;
  // iff(p, null, x), case(...), coalesce(...): any argument bound to a parameter of the same
  // declared type tells the result's type.
  const wanted = signature.params[spec.index]?.type;
  const indexes = parameterIndexes(signature, count);
  for (let i = 0; i < count; i++) {
    if (signature.params[indexes[i]]?.type === wanted && types[i] !== 'unknown') return types[i];
  }
  return 'unknown';
}

let functionNames: string[] | undefined;

let aggregationNamesFirst: string[] | undefined;
function aggregationsFirst(): string[] {
  aggregationNamesFirst ??= [...aggregations(), ...scalarFunctions()].map((entry) => entry.name);
  return aggregationNamesFirst;
}

function knownFunctionNames(): string[] {
  functionNames ??= [...scalarFunctions(), ...aggregations()].map((entry) => entry.name);
  return functionNames;
}
