import { MAINTENANCE_MESSAGES, type MaintenanceRequest } from '@structomate/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CommentThread } from './comment-thread';

/** A request with no comment that takes none, in `status`. */
const finished = (status: 'closed' | 'cancelled') =>
  ({ status, comments: [], can: { comment: false } }) as unknown as MaintenanceRequest;

describe('the conversation of a request that takes no more comments', () => {
  it('says a cancelled request was cancelled, and invites no comment', () => {
    render(<CommentThread request={finished('cancelled')} isAdmin={false} formerTenant={false} />);
    const thread = screen.getByRole('region', { name: 'Conversation' });
    expect(thread).toHaveTextContent('No comment was written.');
    expect(thread).toHaveTextContent(MAINTENANCE_MESSAGES.cancelledThread);
    expect(thread).not.toHaveTextContent('No comment yet');
    expect(thread).not.toHaveTextContent('is closed');
  });

  it('says a closed request is closed', () => {
    render(<CommentThread request={finished('closed')} isAdmin formerTenant={false} />);
    const thread = screen.getByRole('region', { name: 'Conversation' });
    expect(thread).toHaveTextContent('No comment was written.');
    expect(thread).toHaveTextContent(MAINTENANCE_MESSAGES.closedThread);
    expect(thread).not.toHaveTextContent('Write to the tenant');
  });
});
