/** `url` (a PostgreSQL connection URL) naming `database` instead. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
