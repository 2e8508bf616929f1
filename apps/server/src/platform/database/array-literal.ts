/**
 * PostgreSQL array literals for statement parameters. pg turns a JS array into `{"1","2.5","t"}`
 * itself, escaping every element with two regular expressions: the alerts evaluation sends about
 * 70,000 elements a pass (its slot results as column arrays for unnest), and pg took 20-45 ms of the
 * event loop for them, time in which ingestion's writer could not issue its next statement. This
 * writes the same values in a tenth of that.
 *
 * The literal means what pg's does: numbers, bigints and booleans as their text (unquoted, which
 * PostgreSQL reads alike), strings quoted with `\` and `"` escaped, null and undefined as NULL. An
 * array holding anything else (dates, buffers, objects, nested arrays) is answered undefined and
 * left to pg, whose conversions of those stay the only ones.
 */
export function arrayLiteral(values: readonly unknown[]): string | undefined {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ',';
    const v = values[i];
    switch (typeof v) {
      case 'number':
      case 'bigint':
        out += String(v);
        break;
      case 'boolean':
        out += v ? 't' : 'f';
        break;
      case 'string':
        out += v.includes('"') || v.includes('\\') ? `"${v.replace(/[\\"]/g, '\\$&')}"` : `"${v}"`;
        break;
      default:
        if (v !== null && v !== undefined) return undefined;
        out += 'NULL';
    }
  }
  return `${out}}`;
}

/** A statement's parameters with each array of plain values as its literal (see arrayLiteral). */
export function withArrayLiterals(values: readonly unknown[]): unknown[] {
  return values.map((v) => (Array.isArray(v) ? (arrayLiteral(v) ?? v) : v));
}
