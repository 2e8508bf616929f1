/**
 * The GSM 03.38 alphabet SMS are sent in. A message of these characters fits 160 of them in one
 * segment; a single character outside it (a superscript ³, µ, a dash –) makes the whole message
 * UCS-2, 70 characters a segment, so a text meant for one segment is written in GSM-7 first.
 */
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Characters of the extension table: each takes two of a segment's 160. */
const EXTENSION = '^{}\\[~]|€';

/** Characters of one GSM-7 segment. */
export const SMS_SEGMENT = 160;

/** Look-alikes GSM-7 lacks, as units and names write them. */
const REPLACEMENTS: Record<string, string> = {
  '°': 'deg',
  '–': '-',
  '—': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '…': '...',
  μ: 'u',
  µ: 'u',
  '₹': 'Rs',
};

const basic = new Set(BASIC);
const extension = new Set(EXTENSION);

/**
 * `text` in GSM-7: look-alikes replaced (µg/m³ → ug/m3, °C → degC), accents the alphabet lacks
 * dropped (ā → a), anything else '?'.
 */
export function toGsm7(text: string): string {
  let out = '';
  for (const ch of text) {
    if (basic.has(ch) || extension.has(ch)) out += ch;
    else if (REPLACEMENTS[ch] !== undefined) out += REPLACEMENTS[ch];
    else {
      // Compatibility forms (³ → 3) and the letter under an accent (ā → a).
      const plain = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += [...plain].every((c) => basic.has(c)) && plain !== '' ? plain : '?';
    }
  }
  return out;
}

/** Length of a GSM-7 text in segment characters (extension characters count twice). */
export function gsm7Length(text: string): number {
  let n = 0;
  for (const ch of text) n += extension.has(ch) ? 2 : 1;
  return n;
}
