import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ApiErrorSchema, type ApiErrorBody } from '@atelier/contract/common/errors';

type ExpectedError = { code: string; reason?: string; message?: string };

const ERROR_KEYS = ['code', 'message', 'reason', 'details', 'requestId'];

/**
 * Asserts the one error body of STYLE.md §5 (status, code, optional reason and message, the
 * request id of the response header, no other keys) and returns its `error`.
 */
export const expectApiError = (
  response: LightMyRequestResponse,
  status: number,
  expected: ExpectedError,
): ApiErrorBody['error'] => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const raw = response.json<{ error: Record<string, unknown> }>();
  expect(Object.keys(raw)).toEqual(['error']);
  for (const key of Object.keys(raw.error)) expect(ERROR_KEYS).toContain(key);
  const { error } = ApiErrorSchema.parse(raw);
  expect(error).toMatchObject(expected);
  expect(error.message.length).toBeGreaterThan(0);
  expect(error.requestId).toMatch(/^req_/);
  expect(error.requestId).toBe(response.headers['x-request-id']);
  return error;
};

/** The `field` of every issue in a validation error's details. */
export const fieldsOf = (error: ApiErrorBody['error']): string[] =>
  (error.details ?? []).map((issue) => issue.field);

const CODE_OF_STATUS = { 400: 'bad_request', 404: 'not_found', 409: 'conflict' } as const;

/**
 * `expectApiError` with the code that goes with the status: 400 `bad_request`, 404 `not_found`,
 * 409 `conflict` (reason and message not checked); returns the `error`.
 */
export const expectApiErrorStatus = (
  response: LightMyRequestResponse,
  status: keyof typeof CODE_OF_STATUS,
): ApiErrorBody['error'] => expectApiError(response, status, { code: CODE_OF_STATUS[status] });
