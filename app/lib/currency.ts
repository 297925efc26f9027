// The visitor's currency in the browser: chosen with the currency switch, remembered in
// localStorage, with the operator's rates (GET /api/currency-rates, kept in localStorage too so a
// returning visitor's prices convert as soon as the page is hydrated). The server knows nothing of
// it: every page is rendered in US dollars, the same for everyone (and so kept in the page cache),
// and the server snapshot below is dollars, so hydration matches; prices convert right after.
import { useSyncExternalStore } from 'react';
import { BASE_CURRENCY, isCurrency, type Currency, type CurrencyRates } from '../../common/currency.ts';

export const CURRENCY_KEY = 'kt-currency';
const RATES_KEY = 'kt-currency-rates';
const RATES_PATH = '/api/currency-rates';

export interface CurrencyState {
  currency: Currency;
  rates: CurrencyRates | null;
}

const SERVER_STATE: CurrencyState = { currency: BASE_CURRENCY, rates: null };
let state: CurrencyState = SERVER_STATE;
let started = false;
let fetching: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: Partial<CurrencyState>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage blocked: the choice lasts for this page
  }
}
function write(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // as above
  }
}

function validRates(v: unknown): v is CurrencyRates {
  return !!v && typeof v === 'object' && (v as CurrencyRates).base === BASE_CURRENCY && typeof (v as CurrencyRates).rates === 'object';
}

/** Fetches the rates (at most once at a time); the HTTP cache and the API's cache make it cheap. */
function refreshRates(): Promise<void> {
  fetching ??= fetch(RATES_PATH, { headers: { accept: 'application/json' } })
    .then(async (res) => {
      if (!res.ok) return;
      const rates: unknown = await res.json();
      if (!validRates(rates)) return;
      write(RATES_KEY, JSON.stringify(rates));
      set({ rates });
    })
    .catch(() => {
      // Offline or failing: prices stay in the last rates, or in dollars.
    })
    .finally(() => {
      fetching = null;
    });
  return fetching;
}

/** The first time a price is on screen in the browser: the remembered choice and rates. */
function start() {
  if (started || typeof window === 'undefined') return;
  started = true;
  const saved = read(CURRENCY_KEY);
  if (!isCurrency(saved) || saved === BASE_CURRENCY) return;
  let rates: CurrencyRates | null = null;
  try {
    const cached: unknown = JSON.parse(read(RATES_KEY) ?? 'null');
    if (validRates(cached)) rates = cached;
  } catch {
    rates = null;
  }
  state = { currency: saved, rates };
  void refreshRates();
}

function subscribe(listener: () => void) {
  start();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;
const getServerSnapshot = () => SERVER_STATE;

/** The visitor's currency and the rates: dollars on the server and while hydrating. */
export function useCurrency(): CurrencyState {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

/** Chooses a currency (remembered for the next visits) and fetches the rates it needs. */
export function chooseCurrency(currency: Currency) {
  start();
  write(CURRENCY_KEY, currency);
  set({ currency });
  if (currency !== BASE_CURRENCY) void refreshRates();
}
