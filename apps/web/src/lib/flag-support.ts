let isSupported: boolean | undefined;

/**
 * Whether this browser draws a pair of regional indicators as one flag. Without a colour emoji
 * font (Windows, many Linux set-ups) they show as two letters or two boxes, so flags are left
 * out there. Measured once: one flag glyph is about as wide as one regional indicator.
 */
export const canShowFlagEmoji = (): boolean => {
  if (isSupported !== undefined) return isSupported;
  if (typeof document === 'undefined') return false;
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return (isSupported = false);
  context.font = '32px sans-serif';
  const pair = context.measureText('\u{1F1FA}\u{1F1F8}').width;
  const single = context.measureText('\u{1F1FA}').width;
  isSupported = pair > 0 && pair < single * 1.5;
  return isSupported;
};
