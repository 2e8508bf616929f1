/** The caller's preferences (read by the shell's auto-refresh and the settings screen): a save refetches `all`, so auto-refresh reschedules. */
export const preferenceKeys = {
  all: ['preferences'] as const,
};
