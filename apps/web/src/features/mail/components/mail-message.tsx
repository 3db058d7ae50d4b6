import { mailKindLabel } from '@structomate/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LuArrowLeft } from 'react-icons/lu';
import { LoadError } from '../../../components/load-error';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { mailHtmlUrl, useOneMail } from '../api/get-mail';
import { MailStatusBadge } from './mail-status';
import { EmailAddress } from '../../../components/email-address';

/** One email as its recipient would see it, in a sandboxed frame, or as plain text. */
export function MailMessage() {
  const { mailId = '' } = useParams();
  const mail = useOneMail(mailId);
  const [view, setView] = useState<'html' | 'text'>('html');
  const back = (
    <Link to=".." relative="path" className="btn btn-ghost btn-sm">
      <LuArrowLeft aria-hidden="true" /> Sent mail
    </Link>
  );
  if (mail.isPending) return <LoadingSpinner label="Loading the email" />;
  if (mail.isError) {
    return (
      <div className="space-y-4">
        {back}
        <LoadError onRetry={mail.refetch}>This email could not be loaded.</LoadError>
      </div>
    );
  }
  const message = mail.data;
  return (
    <div className="space-y-6">
      {back}
      <PageHeader title={message.subject} description={mailKindLabel(message.kind)} />
      <dl className="grid gap-x-6 gap-y-2 rounded-box border border-base-300 bg-base-100 p-4 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-base-content/70">To</dt>
        <dd className="font-medium [overflow-wrap:anywhere]">
          <EmailAddress email={message.to} />
        </dd>
        <dt className="text-base-content/70">Written</dt>
        <dd>{formatDateTime(message.createdAt)}</dd>
        <dt className="text-base-content/70">Delivery</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <MailStatusBadge mail={message} />
          {message.sentAt && <span>{formatDateTime(message.sentAt)}</span>}
          <span className="text-base-content/70">
            {message.attempts} {message.attempts === 1 ? 'attempt' : 'attempts'}
          </span>
        </dd>
        {message.lastError && message.status !== 'sent' && (
          <>
            <dt className="text-base-content/70">Last error</dt>
            <dd className="text-error [overflow-wrap:anywhere]">{message.lastError}</dd>
          </>
        )}
      </dl>
      <div role="group" aria-label="Show the email as" className="join">
        {(['html', 'text'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className={`btn join-item btn-sm ${view === option ? 'btn-primary' : 'btn-outline'}`}
            aria-pressed={view === option}
            onClick={() => setView(option)}
          >
            {option === 'html' ? 'As it arrives' : 'Plain text'}
          </button>
        ))}
      </div>
      {view === 'html' ? (
        <iframe
          title={`The email “${message.subject}”`}
          src={mailHtmlUrl(message._id)}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          className="h-[640px] w-full rounded-box border border-base-300 bg-white"
        />
      ) : (
        <pre className="overflow-x-auto rounded-box border border-base-300 bg-base-100 p-4 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">
          {message.text}
        </pre>
      )}
    </div>
  );
}
