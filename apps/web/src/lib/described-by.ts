/** Accessibility attributes for the control inside a FormField. */
export function describedBy(id: string, error: string | undefined, hint?: string) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}
