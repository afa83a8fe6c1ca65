const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() &&
  a.getMonth() === b.getMonth() &&
  a.getDate() === b.getDate();

const shortDate = (date: Date, now: Date): string =>
  date.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });

/**
 * Time of a conversation's last message in the list: relative within a day ("just now",
 * "5 min ago", "3 h ago"), else the date ("Mar 4", with the year when not this year).
 */
export const formatListTime = (time: string | Date, now: Date = new Date()): string => {
  const date = new Date(time);
  const ageMs = now.getTime() - date.getTime();
  if (ageMs < MINUTE_MS) return 'just now';
  if (ageMs < HOUR_MS) return `${Math.floor(ageMs / MINUTE_MS)} min ago`;
  if (ageMs < DAY_MS) return `${Math.floor(ageMs / HOUR_MS)} h ago`;
  return shortDate(date, now);
};

/** Clock time of a message ("2:05 PM"). */
export const formatMessageTime = (time: string | Date): string =>
  new Date(time).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** The day divider above a day's messages: "Today", "Yesterday" or the date. */
export const formatDayLabel = (time: string | Date, now: Date = new Date()): string => {
  const date = new Date(time);
  if (sameDay(date, now)) return 'Today';
  if (sameDay(date, new Date(now.getTime() - DAY_MS))) return 'Yesterday';
  return date.toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'short',
    day: 'numeric',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
};

/** Whether two messages fall on different days (a divider goes between them). */
export const isOtherDay = (a: string, b: string): boolean => !sameDay(new Date(a), new Date(b));

/** A proposed or booked meeting time: "Tue, Mar 4, 2:00 PM". */
export const formatMeetingTime = (time: string | Date): string =>
  new Date(time).toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** The file name at the end of a download URL (`/api/files/fil_…/<name>`). */
export const fileNameOfUrl = (url: string): string => {
  const last = url.split(/[?#]/, 1)[0]?.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last) || 'file';
  } catch {
    return last || 'file';
  }
};

const units = new Intl.NumberFormat('en-US');

/** A quantity of a custom project: "1,200 units". */
export const formatUnitCount = (count: number): string => `${units.format(count)} units`;

/** "1.2 MB" for a byte count. */
export const formatFileSize = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
};

/** Two initials for an avatar, from words that start with a letter or digit ("(FRoad) Tai'An Co" → "TC"). */
export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter((word) => /^[\p{L}\p{N}]/u.test(word))
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

/** Ends a sentence with a full stop unless the text already ends one ("Co. Ltd." stays). */
export const asSentence = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`);
