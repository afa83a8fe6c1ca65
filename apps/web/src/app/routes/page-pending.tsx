import { Center, Loader } from '@mantine/core';

/**
 * Shown while a page's code or data loads, once that takes longer than the router's
 * `defaultPendingMs` (1 s), so a fast load never flashes a spinner.
 */
export const PagePending = () => (
  <Center mih="50vh" role="status" aria-label="Loading the page">
    <Loader />
  </Center>
);
