/**
 * Checks of decoded JSON bodies. Each failure is a 400 naming the field and what it should be, so a
 * caller sending a wrong type learns exactly what to fix.
 */
import { Ajv } from 'ajv';
import { nestsDeeperThan } from '../jsonDepth.ts';
import { isZeroTime, parseTimestamp } from '../time.ts';
import { HttpError } from './types.ts';

export type JsonObject = Record<string, unknown>;

const wrong = (field: string, expected: string) => new HttpError(400, `invalid request body: "${field}" must be ${expected}`);

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function expectObject(value: unknown, what = 'the request body'): JsonObject {
  if (!isObject(value)) throw new HttpError(400, `invalid request body: ${what} must be a JSON object`);
  return value;
}

export function requiredString(body: JsonObject, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value === '') throw wrong(field, 'a non-empty string');
  return value;
}

export function optionalString(body: JsonObject, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw wrong(field, 'a string');
  return value;
}

export function optionalBoolean(body: JsonObject, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw wrong(field, 'a boolean');
  return value;
}

/** An integer from `minimum` up to the largest exact one (which a BIGINT column also holds). */
export function optionalInteger(body: JsonObject, field: string, minimum = 0): number | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < minimum) {
    throw wrong(field, `an integer from ${minimum} to ${Number.MAX_SAFE_INTEGER}`);
  }
  return value;
}

export function optionalStringArray(body: JsonObject, field: string): string[] | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw wrong(field, 'an array of strings');
  }
  return value as string[];
}

/** An RFC 3339 timestamp; null, absent and Go's zero time all mean "none". */
export function optionalTimestamp(body: JsonObject, field: string): Date | undefined {
  const value = body[field];
  if (value === undefined || value === null || value === '') return undefined;
  const date = typeof value === 'string' ? parseTimestamp(value) : undefined;
  if (date === undefined) throw wrong(field, 'an RFC 3339 timestamp such as "2026-01-01T00:00:00Z"');
  return isZeroTime(date) ? undefined : date;
}

/** Deeper JSON than this is refused before any schema walks it (validators and planners recurse). */
export const maxBodyDepth = 64;

const ajv = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true });

/**
 * A checker of decoded JSON bodies against a JSON schema, compiled once (call at module load).
 * Its 400 names the path of the first bad value: `invalid request body: /groupBy must be array`.
 */
export function bodySchema<T>(schema: object): (body: unknown) => T {
  const validate = ajv.compile(schema);
  return (body) => {
    if (nestsDeeperThan(body, maxBodyDepth)) {
      throw new HttpError(400, `invalid request body: nested deeper than ${maxBodyDepth} levels`);
    }
    if (validate(body)) return body as T;
    const error = validate.errors?.[0];
    const where = error?.instancePath || '/';
    const detail = error?.keyword === 'additionalProperties' ? `${error.message} "${error.params.additionalProperty}"` : error?.message;
    throw new HttpError(400, `invalid request body: ${where} ${detail ?? 'is invalid'}`);
  };
}
