// Folding for searches that ignore accents and case ("Muller" finds "Müller"): the accented Latin
// letters and their plain lower-case letters, the same table as the database's search_fold()
// (migration 0018), which the inbox's indexes are built on. A query is folded here the same way.

const FOLD_FROM = 'ÀÁÂÃÄÅĀĂĄàáâãäåāăąÇĆČçćčĎďĐđÈÉÊËĒĖĘĚèéêëēėęěĞğÌÍÎÏĪĮİìíîïīįıŁłÑŃŇñńňÒÓÔÕÖØŌŐòóôõöøōőŔŘŕřŚŠŞśšşŤťÙÚÛÜŪŮŰŲùúûüūůűųÝŸýÿŽŹŻžźż';
const FOLD_TO = 'aaaaaaaaaaaaaaaaaaccccccddddeeeeeeeeeeeeeeeeggiiiiiiiiiiiiiillnnnnnnoooooooooooooooorrrrssssssttuuuuuuuuuuuuuuuuyyyyzzzzzz';

const table = new Map([...FOLD_FROM].map((ch, i) => [ch, FOLD_TO[i]!]));

/** `text` as search_fold() gives it: accented letters of the table made plain, then lower case. */
export function searchFold(text: string): string {
  let out = '';
  // Letters written with combining marks (e + U+0301) are first composed, as the database stores them.
  for (const ch of text.normalize('NFC')) out += table.get(ch) ?? ch;
  return out.toLowerCase();
}
