import { Badge } from '@mantine/core';

/** The words every "not built yet" marker uses: tiles, navigation and placeholder pages. */
export const NOT_BUILT_LABEL = 'Coming later';

/**
 * The one marker of a module that is not built yet. It never shrinks or cuts its text: in a
 * tight row the text beside it wraps instead (issue 10: "NOT BUIL…").
 */
export const NotBuiltMarker = () => (
  <Badge
    variant="light"
    color="gray"
    size="sm"
    tt="none"
    data-testid="not-built-marker"
    styles={{
      root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' },
      label: { overflow: 'visible', textOverflow: 'clip' },
    }}
  >
    {NOT_BUILT_LABEL}
  </Badge>
);
