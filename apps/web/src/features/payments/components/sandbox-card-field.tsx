import { cardProblem } from '@structomate/contract';
import { useEffect, useId, useState } from 'react';
import { messageOf } from '../../../lib/api-client';
import { confirmSandboxCard } from '../api/confirm-sandbox-card';
import type { CardEntry } from './card-entry';

const digits = (value: string) => value.replace(/\D/g, '');
const formatNumber = (value: string) =>
  digits(value)
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
function formatExpiry(value: string) {
  const d = digits(value).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
}

/**
 * The sandbox's card field: number, expiry, CVC and ZIP, formatted as typed, checked with
 * Stripe's wording, and confirmed by the built-in test processor (test mode only).
 */
export function SandboxCardField({
  onReady,
  disabled,
}: {
  onReady: (entry: CardEntry) => void;
  disabled: boolean;
}) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [postalCode, setPostalCode] = useState('');

  useEffect(() => {
    onReady({
      confirm: async (clientSecret) => {
        const [month = '', year = ''] = expiry.split('/').map((part) => part.trim());
        const card = {
          number: digits(number),
          expMonth: Number(month),
          expYear: year.length === 2 ? 2000 + Number(year) : Number(year || 0),
          cvc,
          postalCode,
        };
        const problem = cardProblem(card, new Date());
        if (problem) throw new Error(problem);
        try {
          return (await confirmSandboxCard(clientSecret, card)).paymentIntentId;
        } catch (error) {
          throw new Error(messageOf(error, 'The payment could not be completed. Try again.'), {
            cause: error,
          });
        }
      },
    });
  }, [number, expiry, cvc, postalCode, onReady]);

  return (
    <fieldset className="rounded-field border border-base-300 bg-base-100 p-3" disabled={disabled}>
      <legend className="px-1 text-sm font-medium">Card</legend>
      <div className="grid grid-cols-6 gap-2">
        <CardInput
          id={`${id}-number`}
          label="Card number"
          wide
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={number}
          onChange={(value) => setNumber(formatNumber(value))}
        />
        <CardInput
          id={`${id}-expiry`}
          label="Expiry"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={expiry}
          onChange={(value) => setExpiry(formatExpiry(value))}
        />
        <CardInput
          id={`${id}-cvc`}
          label="CVC"
          autoComplete="cc-csc"
          placeholder="CVC"
          value={cvc}
          onChange={(value) => setCvc(digits(value).slice(0, 4))}
        />
        <CardInput
          id={`${id}-zip`}
          label="ZIP"
          autoComplete="postal-code"
          placeholder="12345"
          value={postalCode}
          onChange={(value) => setPostalCode(digits(value).slice(0, 5))}
        />
      </div>
    </fieldset>
  );
}

/** One labelled, numeric card input; the number takes the whole row, the others a third. */
function CardInput({
  id,
  label,
  wide = false,
  autoComplete,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  label: string;
  wide?: boolean;
  autoComplete: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className={`${wide ? 'col-span-6' : 'col-span-2'} space-y-1 text-xs`} htmlFor={id}>
      <span>{label}</span>
      <input
        id={id}
        className="input input-sm w-full font-mono tracking-wide"
        inputMode="numeric"
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
