import { z } from 'zod';

/** Domain events the identity module publishes (issue 8). The aggregate is the session. */
export const identityEvents = {
  /** A session ended by its logout (store or supplier): whatever it opened closes now. */
  'identity.session.ended': z.object({ sessionId: z.string() }),
} as const;
