// The search results page (/search?query=). Implemented by the search work.
export default function Search() {
  return null;
}
