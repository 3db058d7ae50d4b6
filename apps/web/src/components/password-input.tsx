import { useState, type ComponentPropsWithRef } from 'react';
import { LuEye, LuEyeOff } from 'react-icons/lu';

/** Spec §4: the password toggles between hidden and visible. */
export function PasswordInput(props: Omit<ComponentPropsWithRef<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="input w-full pr-1">
      <input {...props} type={visible ? 'text' : 'password'} className="grow" />
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-square"
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? <LuEyeOff aria-hidden="true" /> : <LuEye aria-hidden="true" />}
      </button>
    </div>
  );
}
