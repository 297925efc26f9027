// A pdfkit document's bytes, collected as it writes them: one helper for every PDF the site makes
// (the itinerary, the quote, the receipts). It names no pdfkit type and no Node Buffer, so it
// runs wherever the document does; call it before drawing, then end the document.

/** What the helper needs of a document: its data, end and error events. */
interface PdfStream {
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
}

/** The document's bytes once it has ended (listen before the first page is drawn). */
export function pdfBytes(doc: PdfStream): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  doc.on('data', (c) => chunks.push(c));
  return new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => {
      const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const c of chunks) {
        out.set(c, at);
        at += c.length;
      }
      resolve(out);
    });
    doc.on('error', reject);
  });
}
