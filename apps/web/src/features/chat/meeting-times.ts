/** The contract allows one to five proposed times. */
export const MAX_PROPOSED_TIMES = 5;

/** What is wrong with the proposed times, or `null` when they can be sent. */
export const checkProposedTimes = (values: readonly string[], now: Date): string | null => {
  const filled = values.filter((value) => value !== '');
  if (filled.length === 0) return 'Propose at least one time.';
  const times = filled.map((value) => new Date(value));
  if (times.some((time) => Number.isNaN(time.getTime()))) return 'Enter each time in full.';
  if (times.some((time) => time <= now)) return 'Proposed times must be in the future.';
  if (new Set(times.map((time) => time.getTime())).size !== times.length) {
    return 'Each proposed time must be different.';
  }
  return null;
};
