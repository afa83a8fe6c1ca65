/*
 * Calls to a shop's API for the WooCommerce and Wix connectors (issue 11): a timeout, plain
 * reasons a person can act on, and back-off when the shop says it is busy (429, 503).
 */

/** A failed call to a shop, with a reason in plain words (shown on /ecommerce-services). */
export class ChannelCallError extends Error {
  constructor(
    message: string,
    /**
     * `unreachable`: no answer or a server error; `refused`: the credentials were refused;
     * `not_found`: no such shop or API at the address; `throttled`: still busy after every wait;
     * `unexpected`: an answer that is not the API's.
     */
    readonly kind: 'unreachable' | 'refused' | 'not_found' | 'throttled' | 'unexpected',
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ChannelCallError';
  }
}

export type ChannelHttpOptions = {
  /** The HTTP client (global fetch unless a test passes its own). */
  fetch?: typeof fetch;
  /** How long one call may take before the shop counts as unreachable, in ms. */
  timeoutMs?: number;
  /** Calls tried in all when the shop answers 429 or 503. */
  maxAttempts?: number;
  /** The first wait when the shop gives no Retry-After, doubled each time, in ms. */
  baseDelayMs?: number;
  /** No wait is longer than this, whatever Retry-After says, in ms. */
  maxDelayMs?: number;
};

export type ChannelHttp = Required<ChannelHttpOptions>;

export const channelHttp = (options: ChannelHttpOptions = {}): ChannelHttp => ({
  fetch: options.fetch ?? fetch,
  timeoutMs: options.timeoutMs ?? 20_000,
  maxAttempts: options.maxAttempts ?? 6,
  baseDelayMs: options.baseDelayMs ?? 1_000,
  maxDelayMs: options.maxDelayMs ?? 30_000,
});

/** The wait a 429 or 503 asks for: Retry-After in seconds or as a date, else doubling. */
export const retryDelayMs = (
  http: ChannelHttp,
  retryAfter: string | null,
  attempt: number,
  now = Date.now(),
): number => {
  let delay = http.baseDelayMs * 2 ** (attempt - 1);
  if (retryAfter !== null && retryAfter.trim() !== '') {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) delay = seconds * 1_000;
    else {
      const date = Date.parse(retryAfter);
      if (!Number.isNaN(date)) delay = Math.max(0, date - now);
    }
  }
  return Math.min(delay, http.maxDelayMs);
};

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Sends one request; a 429 or 503 is answered by waiting (Retry-After, else doubling from
 * `baseDelayMs`) and sending again, `maxAttempts` times in all. Resolves with the first other
 * answer, whatever its status. Throws ChannelCallError `unreachable` when no answer comes and
 * `throttled` when the shop is still busy after the last attempt; the signal's reason when
 * aborted (a canceled job).
 */
export const sendWithBackoff = async (
  http: ChannelHttp,
  url: string,
  init: RequestInit,
  who: string,
  signal?: AbortSignal,
): Promise<Response> => {
  for (let attempt = 1; ; attempt += 1) {
    signal?.throwIfAborted();
    let response: Response;
    try {
      const timeout = AbortSignal.timeout(http.timeoutMs);
      response = await http.fetch(url, {
        ...init,
        redirect: 'manual',
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      signal?.throwIfAborted();
      const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
      const reason =
        (error as Error).name === 'TimeoutError'
          ? `no answer within ${Math.round(http.timeoutMs / 1000)} s`
          : (cause?.code ?? cause?.message ?? (error as Error).message);
      throw new ChannelCallError(`${who} could not be reached (${reason}).`, 'unreachable');
    }
    if (response.status !== 429 && response.status !== 503) return response;
    await response.body?.cancel();
    if (attempt >= http.maxAttempts) {
      throw new ChannelCallError(
        `${who} kept answering that it is busy (${response.status}) after ${attempt} tries; the sync resumes on its next attempt.`,
        'throttled',
        response.status,
      );
    }
    await sleep(retryDelayMs(http, response.headers.get('retry-after'), attempt), signal);
  }
};

/** The JSON of an answer, or ChannelCallError `unexpected` saying whose answer was not JSON. */
export const readJson = async (response: Response, who: string): Promise<unknown> => {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ChannelCallError(
      `${who} answered ${response.status} with something that is not its API’s JSON.`,
      'unexpected',
      response.status,
    );
  }
};
