import { AppError } from './app-error';

/**
 * Keyset cursors: the sort they belong to, the last row's sort value and id, as base64url JSON.
 * Opaque to clients; a cursor from another sort or a tampered one is a 400 naming `query.cursor`.
 */
export type KeysetPosition = { sort: string; value: string | number | null; id: string };

export const encodeCursor = (position: KeysetPosition): string =>
  Buffer.from(JSON.stringify([position.sort, position.value, position.id])).toString('base64url');

/** The 400 for a cursor that is not one of this list's (also for one whose value is not its sort's). */
export const invalidCursorError = () =>
  new AppError(
    'bad_request',
    'query.cursor: Not a cursor from this search; start again from page one.',
    {
      reason: 'invalid_cursor',
      details: [{ field: 'query.cursor', message: 'Not a cursor from this search.' }],
    },
  );

export const decodeCursor = (cursor: string, expectedSort: string): KeysetPosition => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursorError();
  }
  const isPosition = (value: unknown): value is [string, string | number | null, string] =>
    Array.isArray(value) &&
    value.length === 3 &&
    value[0] === expectedSort &&
    (typeof value[1] === 'string' || typeof value[1] === 'number' || value[1] === null) &&
    typeof value[2] === 'string' &&
    value[2].length <= 64;
  if (!isPosition(parsed)) throw invalidCursorError();
  return { sort: parsed[0], value: parsed[1], id: parsed[2] };
};
