/** The accounts feature's query keys. */
export const accountKeys = {
  /** The signed-in user: the account page's writes refetch it, so the profile shows what changed. */
  me: () => ['users', 'me'] as const,
  invite: (token: string) => ['invite', token] as const,
};
