/** Runs one step of a flow; `undo` (if given) reverts it when a later step fails. */
export type FlowStep = <T>(
  name: string,
  run: () => Promise<T>,
  undo?: (result: T) => Promise<void>,
) => Promise<T>;

/** A flow's undo that failed too: the flow's own error is still the one thrown. */
export type UndoFailure = { flow: string; step: string; error: unknown };

/**
 * Runs a process that spans modules (ARCHITECTURE.md §3, issue 8: placing an order creates order
 * items, an invoice and a chat card) as named steps. When a step throws, the steps that finished
 * are undone in reverse order, and the step's error is rethrown; an undo that throws as well is
 * reported to `onUndoFailed` (log it with the flow and step) and the other undos still run.
 * Writes that can share one transaction should: undo is for what a rollback cannot reach
 * (a payment captured, a file stored, a message sent to another service).
 */
export const runFlow = async <T>(
  flow: string,
  body: (step: FlowStep) => Promise<T>,
  onUndoFailed: (failure: UndoFailure) => void = () => {},
): Promise<T> => {
  const undos: { step: string; undo: () => Promise<void> }[] = [];
  const step: FlowStep = async (name, run, undo) => {
    const result = await run();
    if (undo) undos.push({ step: name, undo: () => undo(result) });
    return result;
  };
  try {
    return await body(step);
  } catch (error) {
    for (const { step: name, undo } of undos.reverse()) {
      try {
        await undo();
      } catch (undoError) {
        onUndoFailed({ flow, step: name, error: undoError });
      }
    }
    throw error;
  }
};
