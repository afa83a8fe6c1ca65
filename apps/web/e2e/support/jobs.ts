import type { Page } from 'playwright-core';

/**
 * Waits until the open dialog has finished its opening transition, for a screenshot. A dialog
 * kept mounted ends it at scale(1), the identity matrix, rather than at no transform.
 */
export const waitForDialogSettled = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('[role="dialog"]')].some((dialog) => {
      const style = getComputedStyle(dialog);
      const isStill = ['none', 'matrix(1, 0, 0, 1, 0, 0)'].includes(style.transform);
      return dialog.getClientRects().length > 0 && style.opacity === '1' && isStill;
    }),
  );

/**
 * Holds back whatever would tell the page that a job has ended (its live update, a fresh GET of
 * it) until `release`: a small file imports faster than anyone could see the bar. Updates of a
 * running job pass, and every `job:updated` frame the server sent is listed.
 */
export const holdJobEnd = async (page: Page) => {
  let isHolding = true;
  let isUpgraded = false;
  const held: (() => unknown)[] = [];
  const jobFrames: string[] = [];
  await page.route(/\/api\/jobs\/job_[a-z0-9]+$/, (route) =>
    isHolding ? held.push(() => route.continue()) : route.continue(),
  );
  await page.routeWebSocket(/\/socket\.io\//, (socket) => {
    const server = socket.connectToServer();
    server.onMessage((message) => {
      if (typeof message !== 'string') return socket.send(message);
      // Engine.IO's upgrade probe: from now on every packet comes over this WebSocket.
      if (message === '3probe') isUpgraded = true;
      if (!message.includes('"job:updated"')) return socket.send(message);
      jobFrames.push(message);
      if (isHolding && /"status":"(COMPLETED|FAILED|CANCELED)"/.test(message)) {
        held.push(() => socket.send(message));
      } else {
        socket.send(message);
      }
    });
  });
  return {
    jobFrames,
    waitForUpgrade: async () => {
      for (let waited = 0; !isUpgraded; waited += 50) {
        if (waited > 15_000) throw new Error('the job updates socket did not connect');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    release: () => {
      isHolding = false;
      for (const send of held.splice(0)) void send();
    },
  };
};
