/** A validation issue as zod reports it: where, what, and for a failed union each option's issues. */
export interface Issue {
  code?: string | undefined;
  path: readonly PropertyKey[];
  message: string;
  errors?: readonly (readonly Issue[])[] | undefined;
}

/**
 * The issues to report for `issue`. A failed union only says "Invalid input" where it stands; when
 * every option but one failed on the input's type itself, the input was meant as that one, and its
 * issues tell where it went wrong: `[{"pm": 1}, 7]` is a telemetry array wrong at element 1, not a
 * payload that is neither an entry nor an array.
 */
export function blame(issue: Issue): Issue[] {
  if (issue.code !== 'invalid_union' || !issue.errors) return [issue];
  const meant = issue.errors.filter((issues) => !issues.every((i) => i.code === 'invalid_type' && i.path.length === 0));
  if (meant.length !== 1) return [issue];
  return meant[0]!.flatMap((i) => blame({ ...i, path: [...issue.path, ...i.path] }));
}
