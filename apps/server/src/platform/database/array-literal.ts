/**
 * PostgreSQL array literals for statement parameters. pg turns a JS array into `{"1","2.5","true"}`
 * itself, escaping every element with two regular expressions: the alerts evaluation sends about
 * 70,000 elements a pass (its slot results as column arrays for unnest), and pg took 18-45 ms of the
 * server's one thread for them, which ingestion shares. This writes the same values in about a
 * seventh of that.
 *
 * The literal reads as pg's does, in an array of any type: numbers, bigints and booleans as the
 * same text unquoted, strings quoted with `\` and `"` escaped, null and undefined as NULL. An
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
        out += v ? 'true' : 'false';
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
