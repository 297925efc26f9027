// The form token of an enhanced form (server/spam/form-token.ts). It is asked for (POST
// /api/form-token) when the visitor first goes into the form, so the minimum fill time counts
// from then and pages that are only read cost no request; a submit waits for it. A form sent back
// by its page action brings its own token, which replaces the one held.
// Its answer comes back through the fetcher: useFetcherAnswer reacts to each answer once.
// useTokenPost sends an enhanced form with its token, one post at a time.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FetcherSubmitFunction } from 'react-router';

/** How long a submit waits for a token before it goes without (the action then asks to confirm). */
const WAIT_MS = 5000;

export interface FormToken {
  value: string | null;
  /** True once the visitor went into the form. */
  engaged: boolean;
  /** Call when the visitor goes into the form: starts the request for a token. */
  engage(): void;
  /** The token to send, asking for one if none is held; null when none could be had. */
  get(): Promise<string | null>;
  set(token: string): void;
  /** The token was accepted with a submission: the next one needs another. */
  spent(): void;
}

async function requestToken(): Promise<string | null> {
  try {
    const res = await fetch('/api/form-token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    if (!res.ok) return null;
    const body = (await res.json()) as { token?: unknown };
    return typeof body.token === 'string' ? body.token : null;
  } catch {
    return null;
  }
}

export function useFormToken(initial?: string | null): FormToken {
  const [value, setValue] = useState<string | null>(initial ?? null);
  const [engaged, setEngaged] = useState(false);
  const held = useRef<string | null>(initial ?? null);
  const pending = useRef<Promise<string | null> | null>(null);

  const keep = useCallback((t: string | null) => {
    held.current = t;
    setValue(t);
  }, []);

  const ask = useCallback((): Promise<string | null> => {
    if (held.current) return Promise.resolve(held.current);
    pending.current ??= requestToken().then((t) => {
      pending.current = null;
      if (t && !held.current) keep(t);
      return held.current;
    });
    return pending.current;
  }, [keep]);

  return useMemo(
    () => ({
      value,
      engaged,
      engage: () => {
        setEngaged(true);
        void ask();
      },
      get: () => Promise.race([ask(), new Promise<string | null>((r) => setTimeout(() => r(held.current), WAIT_MS))]),
      set: (t: string) => keep(t),
      spent: () => keep(null),
    }),
    [value, engaged, ask, keep],
  );
}

/**
 * An enhanced form's reaction to its action's answer: called once for each answer, when the
 * fetcher is idle again (the same answer seen again on a later render is not handled twice).
 */
export function useFetcherAnswer<T>(fetcher: { data: T | undefined; state: string }, onAnswer: (answer: T) => void): void {
  const answered = useRef<T | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new answer or the fetcher's state calls for a reaction (onAnswer is this render's)
  useEffect(() => {
    const r = fetcher.data;
    if (!r || fetcher.state !== 'idle' || answered.current === r) return;
    answered.current = r;
    onAnswer(r);
  }, [fetcher.data, fetcher.state]);
}

/**
 * An enhanced form's post, one at a time: post() waits for the form token (and sends the form
 * without one when none could be had: the action then asks to press the button again), marks the
 * form enhanced and submits it through the fetcher; nothing on the page depends on the answer, so
 * no loader runs again. busy() is true from then until answered() (a second click before the
 * answer must not send it twice); sending is true from the click until the answer.
 */
export function useTokenPost(fetcher: { state: string; submit: FetcherSubmitFunction }, token: FormToken) {
  const inFlight = useRef(false);
  const [waiting, setWaiting] = useState(false);
  return {
    sending: waiting || fetcher.state !== 'idle',
    busy: () => inFlight.current,
    answered: () => {
      inFlight.current = false;
    },
    /** Sends the form (read once the token is there) or fields already read; more fields go after the token. */
    async post(form: HTMLFormElement | FormData, action: string, opts: { more?: Record<string, string>; encType?: 'multipart/form-data' } = {}) {
      inFlight.current = true;
      setWaiting(true);
      const formToken = await token.get();
      setWaiting(false);
      const fields = form instanceof FormData ? form : new FormData(form);
      fields.set('formToken', formToken ?? '');
      for (const [name, value] of Object.entries(opts.more ?? {})) fields.set(name, value);
      fields.set('enhanced', '1');
      void fetcher.submit(fields, { method: 'post', action, ...(opts.encType ? { encType: opts.encType } : {}), defaultShouldRevalidate: false });
    },
  };
}
