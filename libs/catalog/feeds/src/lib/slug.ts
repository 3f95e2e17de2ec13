function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
}

/** URL slug of a title: lower-case ASCII words joined by hyphens, at most `max` characters, cut at a word. */
export function slugify(text: string, max = 80): string {
  const ascii = /^[\x20-\x7e]*$/.test(text) ? text : text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const lower = ascii.toLowerCase();
  let out = '';
  let i = 0;
  const n = lower.length;
  while (i < n) {
    while (i < n && !isWordChar(lower.charCodeAt(i))) i++;
    const start = i;
    while (i < n && isWordChar(lower.charCodeAt(i))) i++;
    if (start === i) break;
    const word = lower.slice(start, i);
    if (out === '') out = word.length > max ? word.slice(0, max) : word;
    else if (out.length + 1 + word.length <= max) out += `-${word}`;
    else break;
  }
  return out || 'product';
}
