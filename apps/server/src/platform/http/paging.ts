/** A page of a server-side paged list: the shape of the contracts' `pageOf`. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
}

/** The answer of a paged list: this page's rows, the count over all pages, and the page asked for. */
export function toPage<T>(items: T[], total: number, query: { page: number; size: number }): Page<T> {
  return { items, total, page: query.page, size: query.size };
}
