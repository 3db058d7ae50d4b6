import { useEffect, useState, useSyncExternalStore } from 'react';

// The forms on screen with changes not saved. React Router consults one blocker only (the last
// one registered), so each form reports here and a single LeaveGuard asks for all of them.
const unsavedForms = new Set<symbol>();
const listeners = new Set<() => void>();

export const subscribeToUnsaved = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Whether any form on screen has changes not saved. */
export const anyUnsaved = () => unsavedForms.size > 0;

/** The same, kept current for rendering. */
export const useAnyUnsaved = () =>
  useSyncExternalStore(subscribeToUnsaved, anyUnsaved, () => false);

const change = (update: () => void) => {
  update();
  for (const listener of listeners) listener();
};

/**
 * Whether a form's value holds an answer: not empty or blank, not a cleared number field (NaN, as
 * `valueAsNumber` reads one), not an empty list. A form counts as not saved while any value does
 * (react-hook-form's `isDirty` stays set once a field without a default has been touched, and a
 * cleared number field is NaN, not its empty default).
 */
export const isAnswered = (value: unknown): boolean => {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return !Number.isNaN(value);
  return value !== undefined && value !== null;
};

/** Marks this form's changes as not saved while `unsaved`, for the page's LeaveGuard to ask. */
export function useUnsavedChanges(unsaved: boolean) {
  const [form] = useState(() => Symbol('form'));
  useEffect(() => {
    if (!unsaved) return;
    change(() => unsavedForms.add(form));
    return () => change(() => unsavedForms.delete(form));
  }, [form, unsaved]);
}

/**
 * Forgets every form's changes, for the app's own move away once nothing can be saved any more
 * (the account deleted): LeaveGuard then lets that move through without asking.
 */
export const discardUnsaved = () => change(() => unsavedForms.clear());
