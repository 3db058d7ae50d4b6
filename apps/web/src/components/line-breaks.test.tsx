import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';
import { EmailAddress } from './email-address';

describe('line breaks in narrow columns', () => {
  it('an email address may break before its @ and reads as written', () => {
    const { container } = render(
      <p>
        <EmailAddress email="selina.karim@example.com" />
      </p>,
    );
    expect(container.querySelector('p')?.innerHTML).toBe('selina.karim<wbr>@example.com');
    expect(container.textContent).toBe('selina.karim@example.com');
  });

  it('a text without an @ is left as it is', () => {
    const { container } = render(<EmailAddress email="N/A" />);
    expect(container.innerHTML).toBe('N/A');
  });

  it("a dialog's title keeps an apartment number on one line, and its name whole", () => {
    render(
      <ConfirmDialog
        open={false}
        title="Accept Rina Das's request for C-801?"
        confirmLabel="Accept request"
        onConfirm={() => {}}
        onClose={() => {}}
      >
        The other request is declined.
      </ConfirmDialog>,
    );
    const title = screen.getByRole('heading', { level: 2, hidden: true });
    expect(title.textContent).toBe("Accept Rina Das's request for C-801?");
    expect(title.querySelector('span.whitespace-nowrap')?.textContent).toBe('C-801?');
  });

  it('a long hyphenated word someone typed may still break', () => {
    render(
      <ConfirmDialog
        open={false}
        title="Delete “Water-supply-interruption-notice”?"
        confirmLabel="Delete"
        onConfirm={() => {}}
        onClose={() => {}}
      >
        It is removed for everyone.
      </ConfirmDialog>,
    );
    const title = screen.getByRole('heading', { level: 2, hidden: true });
    expect(title.querySelector('span.whitespace-nowrap')).toBeNull();
  });
});
