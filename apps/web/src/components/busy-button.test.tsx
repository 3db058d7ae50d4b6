import { render, screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BusyButton } from './busy-button';

/** A form whose Save stays busy after its first press, as while a request runs. */
function SaveForm({ onSave }: { onSave: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
        setBusy(true);
      }}
    >
      <label>
        Note
        <input />
      </label>
      <BusyButton busy={busy} type="submit" className="btn">
        Save
      </BusyButton>
    </form>
  );
}

describe('BusyButton', () => {
  it('keeps the focus while busy, is announced as unavailable, and refuses every press', async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const onSave = vi.fn();
    render(<SaveForm onSave={onSave} />);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).not.toHaveAttribute('aria-disabled');

    await user.tab();
    await user.tab();
    expect(save).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSave).toHaveBeenCalledTimes(1);

    // Busy: still focused (a disabled button would have dropped it), unavailable to assistive
    // technology, and neither a click, Enter or Space on it, nor Enter in the form's field, saves.
    expect(save).toHaveFocus();
    expect(save).not.toBeDisabled();
    expect(save).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    await user.click(save);
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'again{Enter}');
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('runs its onClick when not busy, and not while busy', async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const onClick = vi.fn();
    const { rerender } = render(
      <BusyButton busy={false} onClick={onClick}>
        Send
      </BusyButton>,
    );
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toHaveAttribute('type', 'button');
    await user.click(send);
    rerender(
      <BusyButton busy onClick={onClick}>
        Send
      </BusyButton>,
    );
    await user.click(send);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('with nothing to do, refuses presses without a spinner, and keeps the focus', async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const onClick = vi.fn();
    const { container, rerender } = render(
      <BusyButton busy={false} onClick={onClick}>
        Save
      </BusyButton>,
    );
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    // Saved: nothing is left to do.
    rerender(
      <BusyButton busy={false} unavailable onClick={onClick}>
        Save
      </BusyButton>,
    );
    expect(save).toHaveFocus();
    expect(save).toHaveAttribute('aria-disabled', 'true');
    expect(container.querySelector('.loading')).toBeNull();
    await user.keyboard('{Enter}');
    await user.click(save);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('stays disabled for a reason of its own', () => {
    render(
      <BusyButton busy={false} disabled>
        Save
      </BusyButton>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
