import { describe, expect, it } from 'vitest';
import { runFlow, type UndoFailure } from './flow';

describe('runFlow', () => {
  it('runs the steps in order and undoes nothing when all succeed', async () => {
    const log: string[] = [];
    const result = await runFlow('place-order', async (step) => {
      const order = await step(
        'create order',
        async () => (log.push('order'), 'ord_1'),
        async () => void log.push('undo order'),
      );
      const invoice = await step('create invoice', async () => (log.push('invoice'), 'inv_1'));
      return { order, invoice };
    });
    expect(result).toEqual({ order: 'ord_1', invoice: 'inv_1' });
    expect(log).toEqual(['order', 'invoice']);
  });

  it('undoes the finished steps in reverse order with their results, and rethrows', async () => {
    const log: string[] = [];
    const failure = new Error('card declined');
    await expect(
      runFlow('place-order', async (step) => {
        await step(
          'reserve stock',
          async () => 3,
          async (units) => void log.push(`release ${units}`),
        );
        await step(
          'create invoice',
          async () => 'inv_1',
          async (id) => void log.push(`void ${id}`),
        );
        await step(
          'capture payment',
          async () => {
            throw failure;
          },
          async () => void log.push('never: it did not finish'),
        );
      }),
    ).rejects.toBe(failure);
    expect(log).toEqual(['void inv_1', 'release 3']);
  });

  it('reports an undo that fails and still runs the others', async () => {
    const log: string[] = [];
    const failures: UndoFailure[] = [];
    await expect(
      runFlow(
        'place-order',
        async (step) => {
          await step(
            'first',
            async () => 1,
            async () => void log.push('undo first'),
          );
          await step(
            'second',
            async () => 2,
            async () => {
              throw new Error('undo broke');
            },
          );
          await step('third', async () => {
            throw new Error('third failed');
          });
        },
        (failure) => failures.push(failure),
      ),
    ).rejects.toThrow('third failed');
    expect(log).toEqual(['undo first']);
    expect(failures).toEqual([
      { flow: 'place-order', step: 'second', error: new Error('undo broke') },
    ]);
  });
});
