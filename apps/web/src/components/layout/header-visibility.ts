/** SPEC 2: the header is hidden on paths containing checkout or selectplan. */
export function isHeaderShown(pathname: string): boolean {
  return !/checkout|selectplan/.test(pathname);
}
