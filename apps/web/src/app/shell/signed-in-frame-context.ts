import { createContext, useContext } from 'react';

/** True inside a `SignedInFrame`. Its own module, so the 404 page can ask without loading the shell. */
export const SignedInFrameContext = createContext(false);

/** Whether the component renders inside a `SignedInFrame` already (a 404 under the layout). */
export const useIsInsideSignedInFrame = (): boolean => useContext(SignedInFrameContext);
