// The bytes of a response body the server already holds, carried on the Response object itself so
// the layers after the renderer (security policy, compression, page cache) read them without
// turning the body into a stream and copying it again. A registered symbol, so the app's server
// build and the server's own modules agree on it. A Response made anew does not carry it, so the
// bytes are only ever those of the very Response they sit on.
const BYTES = Symbol.for('safari-site.response-bytes');

type WithBytes = Response & { [BYTES]?: Uint8Array };

/** Makes a Response with a fixed body and remembers the body's bytes on it. */
export function bytesResponse(bytes: Uint8Array, init: ResponseInit): Response {
  const res = new Response(bytes as BodyInit, init) as WithBytes;
  res[BYTES] = bytes;
  return res;
}

/** The bytes a Response was made from by bytesResponse(): its body, whether or not that body has
 * been read as a stream too (asking `bodyUsed` would itself make the stream). */
export function responseBytes(res: Response): Uint8Array | undefined {
  return (res as WithBytes)[BYTES];
}

/** The body's bytes: those remembered, else read from the body. */
export async function readBytes(res: Response): Promise<Uint8Array> {
  return responseBytes(res) ?? new Uint8Array(await res.arrayBuffer());
}

const TEXT = Symbol.for('safari-site.response-text');

type WithText = Response & { [TEXT]?: string };

/** Makes a Response with a text body and remembers the text on it (JSON handed from the server's
 * API client to the loaders in the same process: parsed from the string, not decoded again). */
export function textResponse(text: string, init: ResponseInit): Response {
  const res = new Response(text, init) as WithText;
  res[TEXT] = text;
  return res;
}

/** The text a Response was made from by textResponse(). */
export function responseText(res: Response): string | undefined {
  return (res as WithText)[TEXT];
}
