/** Time source; tests pass a clock they can move forward. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved: for tests of expiry and throttling. */
export const createManualClock = (start = new Date('2026-01-15T12:00:00.000Z')) => {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(date: Date) {
      current = date.getTime();
    },
  };
};
export type ManualClock = ReturnType<typeof createManualClock>;
