import { useSearchParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { UnsubscribeCard } from '../../features/notifications/components/unsubscribe-card';

/** `/unsubscribe?token=…&topic=…`, the link at the foot of every email one may opt out of. */
export function UnsubscribeRoute() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Unsubscribe">
      <title>Unsubscribe · StructoMate</title>
      <UnsubscribeCard token={params.get('token') ?? ''} topic={params.get('topic') ?? ''} />
    </AuthCard>
  );
}
