/** SPEC 3: display ids are a prefix and the id left-padded with zeros. */
function displayId(prefix: string, width: number, id: number | string): string {
  return `${prefix}${String(id).padStart(width, '0')}`;
}

/** 'D-' and the device id padded to 10 digits: D-0000000042. */
export const deviceDisplayId = (id: number | string) => displayId('D-', 10, id);

/** 'U-' and the user id padded to 6 digits: U-000042. */
export const userDisplayId = (id: number | string) => displayId('U-', 6, id);

/** 'T-' and the tenant id padded to 6 digits: T-000042. */
export const tenantDisplayId = (id: number | string) => displayId('T-', 6, id);
