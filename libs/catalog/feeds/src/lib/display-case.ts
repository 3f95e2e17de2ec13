/** Words kept in lower case inside a title ("Case for Cameras", "Cable with 2 Connectors"). */
const MINOR_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'into', 'of', 'on', 'or', 'per', 'the', 'to', 'vs', 'via', 'with', 'x',
]);

/** Letter-only words written in capitals: abbreviations of product titles. */
const ACRONYMS: ReadonlySet<string> = new Set([
  'ac', 'adsl', 'am', 'amd', 'av', 'bnc', 'cd', 'cdr', 'cpu', 'crt', 'dc', 'ddr', 'dect', 'dj', 'dlp', 'dsl', 'dslr', 'dv', 'dvd', 'dvi',
  'eq', 'fm', 'ge', 'gps', 'gsm', 'hd', 'hdmi', 'hdd', 'hdtv', 'hp', 'ibm', 'ii', 'iii', 'iv', 'ide', 'ir', 'jbl', 'lan', 'lcd', 'led',
  'lg', 'lte', 'nas', 'oem', 'oled', 'os', 'pc', 'pci', 'pda', 'pdf', 'ps', 'ram', 'rca', 'rf', 'rgb', 'sata', 'scsi', 'sd',
  'sdhc', 'sdxc', 'slr', 'ssd', 'tft', 'tv', 'uhd', 'ups', 'usa', 'usb', 'vga', 'vhs', 'vi', 'vii', 'viii', 'voip', 'vpn',
  'wi', 'xl', 'xxl',
]);

/** Words with a casing of their own. */
const SPECIAL: Readonly<Record<string, string>> = {
  ipod: 'iPod',
  iphone: 'iPhone',
  ipad: 'iPad',
  imac: 'iMac',
  itunes: 'iTunes',
  ilife: 'iLife',
  iwork: 'iWork',
  iphoto: 'iPhoto',
  imovie: 'iMovie',
  macbook: 'MacBook',
  playstation: 'PlayStation',
  powershot: 'PowerShot',
  thinkpad: 'ThinkPad',
  wifi: 'WiFi',
  bluetooth: 'Bluetooth',
};

/** Numbers with a lower-case unit or suffix that stays so: 1st, 2nd, 1080p, 720p, 5.1ch, 10x. */
const LOWER_SUFFIX = /^\d+(?:\.\d+)?(?:st|nd|rd|th|p|i|ch|x)$/;

function casePart(part: string, first: boolean): string {
  if (part === '') return part;
  if (SPECIAL[part]) return SPECIAL[part];
  if (ACRONYMS.has(part)) return part.toUpperCase();
  if (/\d/.test(part)) return LOWER_SUFFIX.test(part) ? part : part.toUpperCase();
  if (!first && MINOR_WORDS.has(part)) return part;
  return part.charAt(0).toUpperCase() + part.slice(1);
}

/** A word that is a model number as a whole: digits and letters, its letter-only parts short ("c-320", "kx-tg6512b"). */
function isModelWord(text: string): boolean {
  const word = text.replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
  if (!/\d/.test(word) || !/[a-z]/.test(word) || LOWER_SUFFIX.test(word)) return false;
  return word.split(/[-/]/).every((part) => /\d/.test(part) || part.length <= 3);
}

/**
 * Restores a readable casing to text a source gives all in lower case (the ER-Magellan tables): words capitalised,
 * model numbers (words with digits) and common abbreviations in capitals, short joining words in lower case.
 * Text that holds any capital letter is the source's own casing and is returned as it is.
 */
export function displayCase(text: string): string {
  if (/\p{Lu}/u.test(text)) return text;
  let first = true;
  return text.replace(/\S+/g, (word) => {
    // Words joined by hyphens or slashes are cased part by part ("over-the-ear" → "Over-the-Ear").
    const cased = isModelWord(word) ? word.toUpperCase() : word.replace(/[a-z0-9.']+/g, (part, offset: number) => casePart(part, first && offset === 0));
    first = false;
    return cased;
  });
}
