// POST target of the newsletter form; confirmation and unsubscribe pages. Implemented by the newsletter work.
export default function Newsletter() {
  return null;
}
