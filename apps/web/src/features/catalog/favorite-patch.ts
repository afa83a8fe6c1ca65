/**
 * A copy of `data` where every object with this `id` and an `isFavorite` flag has the flag set
 * to `value`; untouched branches keep their identity so unrelated views do not re-render.
 */
export const patchFavoriteFlag = (data: unknown, id: string, value: boolean): unknown => {
  if (Array.isArray(data)) {
    let changed = false;
    const next = data.map((entry: unknown) => {
      const patched = patchFavoriteFlag(entry, id, value);
      if (patched !== entry) changed = true;
      return patched;
    });
    return changed ? next : data;
  }
  if (data === null || typeof data !== 'object') return data;
  const record = data as Record<string, unknown>;
  let next: Record<string, unknown> | null = null;
  if (record.id === id && typeof record.isFavorite === 'boolean' && record.isFavorite !== value) {
    next = { ...record, isFavorite: value };
  }
  for (const [key, entry] of Object.entries(record)) {
    if (entry === null || typeof entry !== 'object') continue;
    const patched = patchFavoriteFlag(entry, id, value);
    if (patched !== entry) {
      next ??= { ...record };
      next[key] = patched;
    }
  }
  return next ?? data;
};
