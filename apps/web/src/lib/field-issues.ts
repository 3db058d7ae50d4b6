import type { FieldIssue } from '@structomate/contract';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's refusals at their fields; true when at least one had a field on this form.
 * `fields` names the form field for a server path (undefined: not on this form).
 */
export function showFieldIssues<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: (issue: FieldIssue) => Path<T> | undefined,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let shown = false;
  for (const issue of error.issues) {
    const path = fields(issue);
    if (path) {
      // The first field the server refused takes the focus, as one refused by the form's own
      // checks does: its message is read out, and the person is where they mend it.
      setError(path, { message: issue.message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown;
}
