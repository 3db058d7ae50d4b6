import { UnsubscribedSchema, type Unsubscribe } from '@structomate/contract';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';

export const unsubscribe = (body: Unsubscribe) =>
  postJson('/unsubscribe', UnsubscribedSchema, body);

/** The unsubscribe link of an email: turns one kind of mail off. */
export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
