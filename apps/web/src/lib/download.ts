import { browserTokenStore } from './session-token';

const fileNameOf = (response: Response, fallback: string): string =>
  /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

/**
 * Saves what `url` answers as a file (a CSV export). The download needs the session's bearer
 * token, so the bytes are fetched here and handed to the browser through an object URL, named
 * as the server's content-disposition says (`fallbackName` otherwise). Throws when the answer
 * is not a success.
 */
export const downloadWithSession = async (url: string, fallbackName: string): Promise<void> => {
  const token = browserTokenStore.getToken();
  const response = await fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`The file could not be downloaded (${response.status}).`);
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileNameOf(response, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 30_000);
};
