import { Tooltip } from '@mantine/core';

/** Mantine's Tooltip in a module of its own, so `deferred-tooltip` can load it on demand. */
export { Tooltip };
