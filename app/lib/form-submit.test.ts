import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../common/api-client.ts';
import { confirmMessage, tooFastMessage, UNAVAILABLE_CODE, UNAVAILABLE_MESSAGE } from '../../common/forms.ts';
import { freshToken, postToApi, sentBack } from './form-submit.ts';

interface Call {
  path: string;
  init?: RequestInit;
}

/** An API client answering from a table; records what it was asked. */
function fakeApi(answers: Record<string, () => Response>): ApiClient & { calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    fetch: async (path, init) => {
      calls.push({ path, init });
      const answer = answers[path];
      if (!answer) throw new TypeError('fetch failed');
      return answer();
    },
  };
}

const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const words = { button: 'Send my enquiry', failure: 'Failed to submit the form.' };

describe('a form handed to the API', () => {
  it("passes on the fields and the browser's Origin and Sec-Fetch-Site, nothing else of the visitor's", async () => {
    const api = fakeApi({ '/plan-a-safari': json(201, { id: 1, message: 'Thank you!' }) });
    const request = new Request('http://localhost/enquiry', {
      method: 'POST',
      headers: { origin: 'http://localhost', 'sec-fetch-site': 'same-origin', cookie: 'a=b', 'x-forwarded-for': '1.2.3.4' },
    });
    expect(await postToApi(api, request, '/plan-a-safari', { name: 'Ann' })).toEqual({ ok: true, status: 201, text: 'Thank you!' });
    const [call] = api.calls;
    expect(call!.init!.method).toBe('POST');
    expect(JSON.parse(String(call!.init!.body))).toEqual({ name: 'Ann' });
    expect(call!.init!.headers).toEqual({ 'content-type': 'application/json', origin: 'http://localhost', 'sec-fetch-site': 'same-origin' });
  });

  it('reads a refusal: its words and code; an unreadable or failed call has none', async () => {
    const request = new Request('http://localhost/enquiry', { method: 'POST' });
    const refused = fakeApi({ '/x': json(400, { error: 'Please enter a valid email address.', code: 'invalid-email' }) });
    expect(await postToApi(refused, request, '/x', {})).toEqual({ ok: false, status: 400, text: 'Please enter a valid email address.', code: 'invalid-email' });
    const html = fakeApi({ '/x': () => new Response('<h1>Bad gateway</h1>', { status: 502 }) });
    expect(await postToApi(html, request, '/x', {})).toEqual({ ok: false, status: 502 });
    expect(await postToApi(fakeApi({}), request, '/x', {})).toEqual({ ok: false, status: 502 });
  });
});

describe('a form sent back', () => {
  const tokenApi = () => fakeApi({ '/form-token': json(200, { token: 'fresh-token' }) });

  it.each(['form-token-missing', 'form-token-invalid', 'form-token-expired', 'form-token-used'])('%s: a fresh token and the request to confirm, status 200', async (code) => {
    const api = tokenApi();
    expect(await sentBack(api, { ok: false, status: 400, text: 'whatever', code }, 'old-token', words)).toEqual({
      result: { ok: false, error: confirmMessage('Send my enquiry'), token: 'fresh-token', kind: 'confirm' },
      status: 200,
      headers: {},
    });
    expect(api.calls.map((c) => c.path)).toEqual(['/form-token']);
  });

  it('too fast: the same token, which will do in a moment', async () => {
    const api = tokenApi();
    expect(await sentBack(api, { ok: false, status: 400, text: 'That was quick!', code: 'form-too-fast' }, 'old-token', words)).toEqual({
      result: { ok: false, error: tooFastMessage('Send my enquiry'), token: 'old-token', kind: 'too-fast' },
      status: 400,
      headers: {},
    });
    expect(api.calls).toEqual([]);
  });

  it("a refusal: the API's words and field, the posted token kept (or a fresh one when none was posted)", async () => {
    const answer = { ok: false, status: 400, text: 'Please enter a valid phone number.', code: 'invalid-phone' };
    expect(await sentBack(tokenApi(), answer, 'old-token', words)).toEqual({
      result: { ok: false, error: 'Please enter a valid phone number.', field: 'phone', token: 'old-token', kind: 'refused' },
      status: 400,
      headers: {},
    });
    expect((await sentBack(tokenApi(), answer, '', words)).result.token).toBe('fresh-token');
    const limited = await sentBack(tokenApi(), { ok: false, status: 429, text: 'Too many enquiries.' }, 't', words);
    expect(limited).toEqual({ result: { ok: false, error: 'Too many enquiries.', token: 't', kind: 'refused' }, status: 429, headers: {} });
  });

  it("without the API's words (it could not be reached): 'Failed to submit the form.'", async () => {
    expect(await sentBack(fakeApi({}), { ok: false, status: 502 }, '', words)).toEqual({
      result: { ok: false, error: 'Failed to submit the form.', token: null, kind: 'refused' },
      status: 502,
      headers: {},
    });
  });

  it("the API's database away (503): its words, its Retry-After, the posted token kept, no new token asked for", async () => {
    const request = new Request('http://localhost/enquiry', { method: 'POST' });
    const away = fakeApi({
      '/plan-a-safari': () =>
        new Response(JSON.stringify({ error: UNAVAILABLE_MESSAGE, code: UNAVAILABLE_CODE }), { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '5' } }),
    });
    const answer = await postToApi(away, request, '/plan-a-safari', { name: 'Ann' });
    expect(answer).toEqual({ ok: false, status: 503, retryAfter: '5', text: UNAVAILABLE_MESSAGE, code: UNAVAILABLE_CODE });
    expect(await sentBack(away, answer, 'old-token', words)).toEqual({
      result: { ok: false, error: UNAVAILABLE_MESSAGE, token: 'old-token', kind: 'refused' },
      status: 503,
      headers: { 'retry-after': '5' },
    });
    expect(away.calls.map((c) => c.path)).toEqual(['/plan-a-safari']);
  });

  it('a fresh token is null when none can be had', async () => {
    expect(await freshToken(fakeApi({}))).toBeNull();
    expect(await freshToken(fakeApi({ '/form-token': json(403, { error: 'no' }) }))).toBeNull();
  });
});
