import { MAIL_TOPIC_LABELS, MailTopicSchema, UNSUBSCRIBE_MESSAGES } from '@structomate/contract';
import { Link } from 'react-router';
import { messageOf } from '../../../lib/api-client';
import { useUnsubscribe } from '../api/unsubscribe';
import { BusyButton } from '../../../components/busy-button';

/**
 * Where an email's "Unsubscribe" link lands: one button turns that kind of mail off (a click,
 * not the visit, so a mail scanner opening links changes nothing).
 */
export function UnsubscribeCard({ token, topic }: { token: string; topic: string }) {
  const unsubscribe = useUnsubscribe();
  const parsed = MailTopicSchema.safeParse(topic);
  if (!token || !parsed.success) {
    return (
      <div role="alert" className="alert alert-error alert-soft items-start">
        <p>{UNSUBSCRIBE_MESSAGES.badLink}</p>
      </div>
    );
  }
  const { label, description } = MAIL_TOPIC_LABELS[parsed.data];
  if (unsubscribe.isSuccess) {
    return (
      <div className="space-y-4">
        <div role="status" className="alert alert-success alert-soft items-start">
          <p>{unsubscribe.data.message}</p>
        </div>
        <Link to="/dashboard/account" className="btn btn-primary">
          Email settings
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <p>
        Stop getting <strong>{label}</strong> emails?
      </p>
      <p className="text-sm text-base-content/75">{description}</p>
      {unsubscribe.isError && (
        <div role="alert" className="alert alert-error alert-soft items-start">
          <p>{messageOf(unsubscribe.error, UNSUBSCRIBE_MESSAGES.badLink)}</p>
        </div>
      )}
      <BusyButton
        busy={unsubscribe.isPending}
        className="btn btn-primary"
        onClick={() => unsubscribe.mutate({ token, topic: parsed.data })}
      >
        Unsubscribe
      </BusyButton>
    </div>
  );
}
