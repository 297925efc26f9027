// The one function of wink-porter2-stemmer (it ships no types): a lower-case English word's Porter2 stem.
declare module 'wink-porter2-stemmer' {
  export default function stem(word: string): string;
}
