/** The part of a zod error the forms use (the schemas come from @freight/shared). */
interface ValidationIssues {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}

/** First message per top-level field of a failed parse, for inline errors under each input. */
export function fieldErrors(error: ValidationIssues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
