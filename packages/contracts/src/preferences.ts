import { z } from 'zod';

/** Preferences SPEC 4 gives meaning to, with the values they accept. */
export const PREFERENCE_RULES = {
  /** Auto-refresh of tenant dashboards: '1' on, '0' off. */
  REFRESH_DASHBOARD: { valid: (v: string) => v === '0' || v === '1', message: "must be '0' or '1'" },
  /** Minutes between auto-refreshes: a whole number from 1 to 1440 (a day). */
  REFRESH_INTERVAL: {
    valid: (v: string) => /^\d{1,4}$/.test(v) && Number(v) >= 1 && Number(v) <= 1440,
    message: 'must be whole minutes from 1 to 1440',
  },
} as const;

/** A preference key: upper case letters, digits and underscores, e.g. 'REFRESH_INTERVAL'. */
export const PreferenceKey = z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'must be upper case letters, digits and _, at most 64');

/** One preference's value (SPEC 3: a map by key, each with a value). */
export const PreferenceValue = z.object({
  /** The value as text, e.g. '1'. */
  value: z.string().max(1000),
});

/** Answer of GET and POST /api/preferences: the caller's preferences for the tenant acted for. */
export const Preferences = z.record(PreferenceKey, PreferenceValue);
export type Preferences = z.infer<typeof Preferences>;

/** Body of POST /api/preferences: preferences to set; keys not named keep their values. */
export const PreferencesInput = Preferences.superRefine((prefs, ctx) => {
  const keys = Object.keys(prefs);
  if (keys.length === 0 || keys.length > 50) ctx.addIssue({ code: 'custom', message: 'must set 1 to 50 preferences', path: [] });
  for (const [key, rule] of Object.entries(PREFERENCE_RULES)) {
    const given = prefs[key];
    if (given && !rule.valid(given.value)) ctx.addIssue({ code: 'custom', message: rule.message, path: [key, 'value'] });
  }
});
export type PreferencesInput = z.infer<typeof PreferencesInput>;
