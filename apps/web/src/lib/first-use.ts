/**
 * A page the server drew is whole without the app: it is read and scrolled as it came. The app's
 * code is fetched and run when the reader first acts on the page (a pointer moved or put down, a
 * key, a focus, a scroll: ADR 022), not while a reader who only reads it is waiting for it on a
 * phone. What they did before the app took the page over is not lost: a
 * press on a control or a link within the site is held and pressed again once the app runs, and
 * what they typed is handed to the app as typed.
 */

/** What says a reader is acting on the page: any of them starts the app. */
const ACTS = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
  'scroll',
] as const;

export interface FirstUse {
  /** Resolves when the reader first acts on the page. */
  used: Promise<void>;
  /** The app runs: stop holding, and hand it what was done meanwhile, in order. */
  release(): void;
}

/** The page's hold, while there is one: the app sets its fields back before taking it over. */
let holding: { typed: Map<Field, string> } | undefined;

/**
 * Called by the app just before it takes the page over: every field typed in is set back to what
 * the server drew, in the same task, so that the app takes over the page it drew. A form library
 * that reads a field as it starts would otherwise take the typed text for its starting value and
 * never see the form as changed (react-hook-form's Save stayed disabled). The typed text comes
 * back once the app runs (`release`).
 */
export function fieldsAsDrawn(): void {
  for (const field of holding?.typed.keys() ?? []) {
    if (!field.isConnected) continue;
    if (field instanceof HTMLSelectElement) {
      for (const option of field.options) option.selected = option.defaultSelected;
    } else {
      field.value = field.defaultValue;
    }
  }
}

/** Starts listening at once; call it before anything else waits. */
export function awaitFirstUse(): FirstUse {
  let markUsed: () => void = () => undefined;
  const used = new Promise<void>((resolve) => (markUsed = resolve));
  const onAct = (event: Event) => {
    // The browser makes up a move, with no movement, when the page changes under a pointer that
    // stands still (a layout as it loads): no one acted.
    if (event instanceof PointerEvent && event.type === 'pointermove' && !moved(event)) return;
    for (const act of ACTS) removeEventListener(act, onAct, true);
    markUsed();
  };
  for (const act of ACTS) addEventListener(act, onAct, { capture: true, passive: true });

  const held: (() => void)[] = [];
  const onClick = (event: MouseEvent) => {
    markUsed();
    const target = event.target;
    if (!(target instanceof Element) || event.defaultPrevented || followedByBrowser(event)) return;
    // Pressed again once the app runs; now, nothing happens (no checkbox ticks, no form is sent).
    event.preventDefault();
    event.stopImmediatePropagation();
    const again = new MouseEvent('click', {
      bubbles: true,
      cancelable: true,
      composed: true,
      detail: event.detail,
      clientX: event.clientX,
      clientY: event.clientY,
      screenX: event.screenX,
      screenY: event.screenY,
    });
    showHeld(target);
    held.push(() => {
      if (target.isConnected) target.dispatchEvent(again);
    });
  };
  // A form sent with Enter where it has no button to press.
  const onSubmit = (event: SubmitEvent) => {
    markUsed();
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || event.defaultPrevented) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const { submitter } = event;
    showHeld(submitter ?? form);
    held.push(() => {
      if (!form.isConnected) return;
      // The button that sent it, if the app still shows it in this form; else the form alone.
      const button = submitter?.isConnected && form.contains(submitter) ? submitter : undefined;
      form.requestSubmit(button);
    });
  };
  addEventListener('click', onClick, true);
  addEventListener('submit', onSubmit, true);
  const typing = noteTyping();
  holding = { typed: typing.typed };
  // Drawn disabled until the app runs (lib/hydrated.ts): a press on them is held from now on.
  for (const control of document.querySelectorAll<HTMLButtonElement | HTMLFieldSetElement>(
    'button[data-needs-app], fieldset[data-needs-app]',
  )) {
    control.disabled = false;
  }

  return {
    used,
    release() {
      removeEventListener('click', onClick, true);
      removeEventListener('submit', onSubmit, true);
      typing.stop();
      holding = undefined;
      heldShown(false);
      handOverTyped(typing.typed);
      for (const press of held.splice(0)) press();
    },
  };
}

/**
 * A press held until the app runs shows it was taken: the control pressed and the pointer say
 * the page is busy (index.css), as a phone may take a second or two to start the app.
 */
function showHeld(target: Element): void {
  (target.closest('button, a, label, summary, [role="button"]') ?? target).setAttribute(HELD, '');
  heldShown(true);
}

const HELD = 'data-held';

function heldShown(shown: boolean): void {
  if (shown) {
    document.documentElement.setAttribute('data-holding', '');
    return;
  }
  document.documentElement.removeAttribute('data-holding');
  for (const control of document.querySelectorAll(`[${HELD}]`)) control.removeAttribute(HELD);
}

const moved = (event: PointerEvent) => event.movementX !== 0 || event.movementY !== 0;

/**
 * A press the app never handles: a link to another site, to a place on this page, or one that
 * opens elsewhere (a new tab, a download), a modifier key or another button. The browser does
 * what it always does. A link within the site is held like any press: where it leads can depend
 * on what only the app knows (the page a visitor was on before logging in), and the app may have
 * its own work on the way.
 */
function followedByBrowser(event: MouseEvent): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return true;
  }
  const link = (event.target as Element).closest('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return false;
  return (
    link.getAttribute('href')?.startsWith('#') === true ||
    link.origin !== location.origin ||
    (link.target !== '' && link.target !== '_self') ||
    link.hasAttribute('download')
  );
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** A field whose text the reader sets (not a box to tick, nor a file). */
const isTextField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement ||
  (target instanceof HTMLInputElement && !['checkbox', 'radio', 'file'].includes(target.type));

/**
 * Notes what the reader types or chooses in each field before the app runs, as they do it: the
 * app may set a field as it starts (a form filled from its data), over what they typed.
 */
function noteTyping(): { stop(): void; typed: Map<Field, string> } {
  const typed = new Map<Field, string>();
  const note = (event: Event) => {
    if (isTextField(event.target)) typed.set(event.target, event.target.value);
  };
  addEventListener('input', note, true);
  addEventListener('change', note, true);
  return {
    typed,
    stop() {
      removeEventListener('input', note, true);
      removeEventListener('change', note, true);
    },
  };
}

/**
 * A field typed in before the app ran: the app holds what the server drew (`fieldsAsDrawn` set it
 * back for the app to take over), or what it set the field to as it started. Each is set, through
 * the app, to anything but the typed text, then to the typed text as the browser would, and told
 * it changed: the app hears the typing as if it came now. A list is set to what was chosen and
 * told so.
 */
function handOverTyped(typed: Map<Field, string>): void {
  for (const [field, text] of typed) {
    if (!field.isConnected) continue;
    if (field instanceof HTMLSelectElement) {
      field.value = text;
      field.dispatchEvent(new Event('change', { bubbles: true }));
      continue;
    }
    const setNative = Object.getOwnPropertyDescriptor(
      Object.getPrototypeOf(field) as object,
      'value',
    )?.set;
    if (!setNative) continue;
    field.value = text === '' ? ' ' : '';
    setNative.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
