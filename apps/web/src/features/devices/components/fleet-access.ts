/**
 * Who changes an industry's stations, devices and gateways (the server's FLEET_WRITE and
 * `mayChangeFleet`): site administrators and operations, partners' administrators, the industry's
 * administrators, and site or partner staff acting as the industry. Screens hide their change
 * buttons from anyone else; the server refuses them regardless.
 */
export function mayChangeFleet(user: { userType: string; role: string }, acting: boolean): boolean {
  if (user.userType === 'site') return acting || ['site', 'admin', 'operations'].includes(user.role);
  if (user.userType === 'partner') return acting || user.role === 'partner' || user.role === 'admin';
  return user.userType === 'tenant' && user.role === 'admin';
}

/** Makes and models are one catalogue for every tenant: site administrators and operations change it. */
export function mayChangeMakes(user: { userType: string; role: string }): boolean {
  return user.userType === 'site' && ['site', 'admin', 'operations'].includes(user.role);
}
