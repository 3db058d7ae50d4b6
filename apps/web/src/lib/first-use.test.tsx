import { act, useEffect, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { useForm } from 'react-hook-form';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { awaitFirstUse, fieldsAsDrawn } from './first-use';

/** A form as the server draws it: a controlled field, a checkbox, a plain button, a submit. */
function Form({ sent, pressed }: { sent: (value: string) => void; pressed: () => void }) {
  const [email, setEmail] = useState('');
  const [agreed, setAgreed] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    sent(`${email} ${agreed ? 'agreed' : 'not agreed'}`);
  };
  return (
    <form onSubmit={onSubmit}>
      <input aria-label="Email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <label>
        <input type="checkbox" checked={agreed} onChange={() => setAgreed(!agreed)} /> I agree
      </label>
      <button type="button" onClick={pressed}>
        <span>Next photo</span>
      </button>
      <button type="submit">Send</button>
      <a href="/apartment">Apartments</a>
    </form>
  );
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** The page as drawn, before the app: `sent` and `pressed` are the app's handlers. */
function drawn() {
  const sent = vi.fn();
  const pressed = vi.fn();
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Form sent={sent} pressed={pressed} />);
  document.body.append(container);
  const field = container.querySelector('input:not([type])') as HTMLInputElement;
  const box = container.querySelector('input[type="checkbox"]') as HTMLInputElement;
  // As boot.tsx does: the fields as drawn, then the page taken over.
  const takeOver = () =>
    act(() => {
      fieldsAsDrawn();
      root = hydrateRoot(container, <Form sent={sent} pressed={pressed} />);
    });
  return { container, field, box, sent, pressed, takeOver };
}

/** `tree` as the server draws it, its first field focused: the first act, so the app is wanted. */
async function focusedAsDrawn(tree: ReactElement) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree);
  document.body.append(container);
  const firstUse = awaitFirstUse();
  const field = container.querySelector('input') as HTMLInputElement;
  field.focus();
  await firstUse.used;
  return { container, firstUse, field };
}

/** What a reader typing does to a field: the browser sets its value and says so. */
const type = (field: HTMLInputElement, text: string) => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('a page taken over on first use', () => {
  it('is used once the reader acts on it, not before', async () => {
    const firstUse = awaitFirstUse();
    let used = false;
    void firstUse.used.then(() => (used = true));
    await Promise.resolve();
    expect(used).toBe(false);
    // A move the browser makes up as the page changes under a still pointer is not one.
    document.body.dispatchEvent(new PointerEvent('pointermove', { bubbles: true }));
    await Promise.resolve();
    expect(used).toBe(false);
    document.body.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, movementX: 3 }));
    await firstUse.used;
    expect(used).toBe(true);
    firstUse.release();
  });

  it('presses again, once the app runs, what was pressed before, with what was typed', async () => {
    const page = drawn();
    const firstUse = awaitFirstUse();
    page.field.focus();
    await firstUse.used;
    type(page.field, 'rahim@example.com');
    page.box.click();
    page.container.querySelector<HTMLButtonElement>('button[type="button"] span')?.click();
    page.container.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
    // Held: nothing ticked, nothing pressed, nothing sent; what was pressed shows it was taken.
    expect(page.box.checked).toBe(false);
    expect(page.field.value).toBe('rahim@example.com');
    const heldNames = [...page.container.querySelectorAll('[data-held]')].map((e) => e.textContent);
    expect(heldNames).toEqual([' I agree', 'Next photo', 'Send']);
    expect(document.documentElement.hasAttribute('data-holding')).toBe(true);

    page.takeOver();
    expect(page.pressed).not.toHaveBeenCalled();
    expect(page.sent).not.toHaveBeenCalled();
    act(() => firstUse.release());

    expect(page.container.querySelector('[data-held]')).toBeNull();
    expect(document.documentElement.hasAttribute('data-holding')).toBe(false);
    expect(page.box.checked).toBe(true);
    expect(page.pressed).toHaveBeenCalledOnce();
    expect(page.sent).toHaveBeenCalledExactlyOnceWith('rahim@example.com agreed');
    // The app holds the typed text as its own: a later keystroke adds to it.
    act(() => type(page.field, 'rahim@example.com.bd'));
    act(() => page.container.querySelector('form')?.requestSubmit());
    expect(page.sent).toHaveBeenLastCalledWith('rahim@example.com.bd agreed');
  });

  it('hands over what was typed even where the app fills the field as it starts', async () => {
    function Filled({ seen }: { seen: (value: string) => void }) {
      const field = useRef<HTMLInputElement>(null);
      const [value, setValue] = useState('');
      // A form filled from its data once it runs (react-hook-form's reset, say).
      useEffect(() => {
        if (field.current) field.current.value = 'as saved';
      }, []);
      useEffect(() => seen(value), [seen, value]);
      return <input ref={field} aria-label="Phone" onChange={(e) => setValue(e.target.value)} />;
    }
    const seen = vi.fn();
    const { container, firstUse, field } = await focusedAsDrawn(<Filled seen={seen} />);
    type(field, '+880 2 5555 0199');
    act(() => {
      fieldsAsDrawn();
      expect(field.value).toBe('');
      root = hydrateRoot(container, <Filled seen={seen} />);
    });
    expect(field.value).toBe('as saved');
    act(() => firstUse.release());
    expect(field.value).toBe('+880 2 5555 0199');
    expect(seen).toHaveBeenLastCalledWith('+880 2 5555 0199');
  });

  it('leaves a react-hook-form form changed by what was typed, as the settings form is', async () => {
    function Settings() {
      const {
        register,
        formState: { isDirty },
      } = useForm({ defaultValues: { email: '', phone: '' } });
      return (
        <form>
          <input aria-label="Contact email" {...register('email')} />
          <input aria-label="Contact phone" {...register('phone')} />
          <button type="submit" aria-disabled={!isDirty}>
            Save settings
          </button>
        </form>
      );
    }
    const { container, firstUse, field: email } = await focusedAsDrawn(<Settings />);
    type(email, 'office@lakeview.example');
    await act(async () => {
      fieldsAsDrawn();
      root = hydrateRoot(container, <Settings />);
    });
    await act(async () => firstUse.release());
    expect(email.value).toBe('office@lakeview.example');
    expect(container.querySelector('button')?.getAttribute('aria-disabled')).toBe('false');
  });

  it('sends, once the app runs, a form sent before with Enter', async () => {
    const page = drawn();
    const firstUse = awaitFirstUse();
    type(page.field, 'a@b.co');
    const form = page.container.querySelector('form');
    const submitted = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    form?.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true);
    await firstUse.used;
    page.takeOver();
    act(() => firstUse.release());
    expect(page.sent).toHaveBeenCalledExactlyOnceWith('a@b.co not agreed');
  });

  it('enables what was drawn disabled only for want of the app, and nothing else', () => {
    document.body.innerHTML =
      '<button data-needs-app disabled>Login</button><button disabled>Apply</button>';
    const [login, apply] = document.querySelectorAll('button');
    const firstUse = awaitFirstUse();
    expect(login?.disabled).toBe(false);
    expect(apply?.disabled).toBe(true);
    firstUse.release();
  });

  it('holds a link within the site for the app, and leaves one to another site to the browser', async () => {
    const page = drawn();
    const outside = document.createElement('a');
    outside.href = 'https://maps.example.com/';
    outside.textContent = 'Map';
    page.container.append(outside);
    const firstUse = awaitFirstUse();
    // jsdom does not navigate: each link's own listener notes a press that reaches it.
    const followed: string[] = [];
    for (const link of page.container.querySelectorAll('a')) {
      link.addEventListener('click', (event) => {
        followed.push(`${link.textContent} ${event.defaultPrevented ? 'prevented' : 'followed'}`);
        event.preventDefault();
      });
      link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    }
    // The site's own link is held: the press reaches neither it nor the browser.
    expect(followed).toEqual(['Map followed']);
    await firstUse.used;

    page.takeOver();
    act(() => firstUse.release());
    expect(followed).toEqual(['Map followed', 'Apartments followed']);
    // Nothing is held once the app runs.
    act(() => page.box.click());
    expect(page.box.checked).toBe(true);
  });
});
