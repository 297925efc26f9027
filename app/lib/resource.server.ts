// Answers of the resource routes that are files rather than pages (the maps, the itinerary PDF):
// an API answer or null when the API says there is no such item, and the plain 404 they send then.
import type { RouterContextProvider } from 'react-router';
import { api, PAGE_CACHE } from './load.ts';

/** The API's answer, or null for an unknown item (api() throws the not-found view's 404). */
export async function apiOrNull<T>(context: Readonly<RouterContextProvider>, path: string): Promise<T | null> {
  try {
    return await api<T>(context, path);
  } catch (e) {
    const status = (e as { init?: { status?: number } } | null)?.init?.status;
    if (status === 404) return null;
    throw e;
  }
}

export function fileNotFound(what: string): Response {
  return new Response(`There is no ${what} at this address.\n`, {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' },
  });
}

/** A file the page cache may keep: the same for everyone, fresh for a minute. */
export function fileResponse(body: BodyInit, headers: Record<string, string>): Response {
  return new Response(body, { headers: { 'Cache-Control': PAGE_CACHE, ...headers } });
}
