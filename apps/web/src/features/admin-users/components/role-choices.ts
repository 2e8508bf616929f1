import { ACCESS_RULES, type AccessRuleName, type Role, type UserType } from '@enviro/domain/access-model';

/** The rule of each user type's own app (SPEC 6); its roles are the ones a user of the type can hold. */
const OWN_RULE: Record<UserType, AccessRuleName> = {
  site: 'site',
  partner: 'partner',
  statutory: 'statutory',
  cgwa: 'cgwa',
  default: 'default',
  investor: 'investor',
  tenant: 'tenant',
  corporate_admin: 'corporateAdmin',
  quasi_regulator: 'quasiRegulator',
};

/** Roles to offer for a new or edited user of this type; the server has the last word. */
export function roleChoices(userType: UserType): Role[] {
  return [...ACCESS_RULES[OWN_RULE[userType]].roles];
}
