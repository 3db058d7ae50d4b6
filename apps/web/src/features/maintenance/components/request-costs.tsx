import {
  COST_KINDS,
  COST_KIND_LABELS,
  MAINTENANCE_LIMITS,
  MAINTENANCE_MESSAGES,
  MaintenanceCostRequestSchema,
  type CostKind,
  type MaintenanceCost,
  type MaintenanceRequest,
} from '@structomate/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { messageOf } from '../../../lib/api-client';
import { dismissErrorToast, errorToast } from '../../../lib/error-toast';
import { formatRent, formatShortDate } from '../../../lib/format';
import { sendKeys } from '../../../lib/send-key';
import { useAddCost } from '../api/add-cost';
import { issuesByField } from './format';
import { settle } from './settle';
import { BusyButton } from '../../../components/busy-button';

/** Tenant charged (paid, owed or cancelled) or the building's: the chip's colour and words. */
const chargeChip = (cost: MaintenanceCost): [string, string] =>
  cost.chargePaid
    ? ['chip-success', 'Tenant · paid']
    : cost.chargeCancelled
      ? ['chip-neutral', 'Tenant · cancelled']
      : ['chip-warning', 'Tenant · owed'];

/** Whether the tenant pays it, and whether they have: with the charge's receipt. */
function Charged({ cost }: { cost: MaintenanceCost }) {
  if (!cost.chargedToTenant) return <span className="text-base-content/70">Building</span>;
  const [colour, words] = chargeChip(cost);
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className={`chip ${colour}`}>{words}</span>
      {cost.chargeId && (
        <Link
          to={`/dashboard/charges/${cost.chargeId}`}
          className="link link-primary text-sm whitespace-nowrap"
          aria-label={`${cost.chargePaid ? 'Receipt' : 'Statement'} for ${cost.description}`}
        >
          {cost.chargePaid ? 'Receipt' : 'Statement'}
        </Link>
      )}
    </span>
  );
}

/**
 * The request's costs: labour and parts, who pays. The admin sees them all and adds them; the
 * tenant sees those charged to them.
 */
export function RequestCosts({
  request,
  isAdmin,
}: {
  request: MaintenanceRequest;
  isAdmin: boolean;
}) {
  const total = request.costs.reduce((sum, cost) => sum + cost.amount, 0);
  // What the tenant pays: a charge cancelled makes its cost the building's.
  const charged = request.costs
    .filter((cost) => cost.chargedToTenant && !cost.chargeCancelled)
    .reduce((sum, cost) => sum + cost.amount, 0);
  return (
    <section
      aria-labelledby="costs-heading"
      className="space-y-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-xs sm:p-6"
    >
      <div>
        <h2 id="costs-heading" className="text-xl font-semibold">
          {isAdmin ? 'Costs' : 'Charges to you'}
        </h2>
        {!isAdmin && (
          <p className="text-sm text-base-content/75">
            Repairs charged to you appear with your payments until paid at the building office.
          </p>
        )}
      </div>
      {request.costs.length === 0 ? (
        <p className="text-sm text-base-content/75">No cost recorded yet.</p>
      ) : (
        <ul className="divide-y divide-base-300 rounded-field border border-base-300 text-sm">
          {request.costs.map((cost) => (
            <li
              key={cost._id}
              className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-1.5 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-center"
            >
              <div className="order-1 min-w-0">
                <p className="font-medium [overflow-wrap:anywhere]">{cost.description}</p>
                <p className="text-xs text-base-content/70">
                  {COST_KIND_LABELS[cost.kind]} · {formatShortDate(cost.at)}
                </p>
              </div>
              <span className="order-2 text-right font-semibold whitespace-nowrap sm:order-3 sm:min-w-24">
                {formatRent(cost.amount)}
              </span>
              <div className="order-3 col-span-2 sm:order-2 sm:col-span-1">
                <Charged cost={cost} />
              </div>
            </li>
          ))}
          {isAdmin && (
            <li className="flex flex-wrap justify-between gap-2 bg-base-200/50 px-4 py-3">
              <span className="font-medium">Total</span>
              <span>
                <span className="font-semibold">{formatRent(total)}</span>
                {charged > 0 && (
                  <span className="text-base-content/70">
                    {' '}
                    ({formatRent(charged)} charged to the tenant)
                  </span>
                )}
              </span>
            </li>
          )}
        </ul>
      )}
      {isAdmin && <AddCostForm request={request} />}
    </section>
  );
}

const COST_OUTCOME_UNKNOWN =
  'No answer came back, so the cost may have been added: check the list above. Sent again unchanged, it is added once.';

/** What the admin enters; the key naming the cost is added when it is sent. */
const CostFieldsSchema = MaintenanceCostRequestSchema.omit({ key: true });

function AddCostForm({ request }: { request: MaintenanceRequest }) {
  const id = useId();
  const adding = useAddCost(request._id);
  // Sent again after a failure, the same cost goes with the same key: added once at most.
  const [keys] = useState(sendKeys);
  const [kind, setKind] = useState<CostKind>('labour');
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [chargeTenant, setChargeTenant] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const message = (name: string) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} role="alert" className="text-sm text-error">
        {errors[name]}
      </p>
    );
  const invalid = (name: string) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  return (
    <form
      noValidate
      aria-label="Add a cost"
      className="space-y-4 border-t border-base-300 pt-4"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = CostFieldsSchema.safeParse({
          kind,
          description,
          amount: amount.trim() === '' ? undefined : Number(amount),
          chargeTenant,
        });
        if (!parsed.success) {
          setErrors(issuesByField(parsed.error));
          return;
        }
        setErrors({});
        void settle(adding.mutateAsync({ ...parsed.data, key: keys.keyFor(parsed.data) }), {
          onSuccess: () => {
            keys.done();
            dismissErrorToast('maintenance-cost');
            toast.success(MAINTENANCE_MESSAGES.costAdded);
            setDescription('');
            setAmount('');
            setChargeTenant(false);
          },
          onError: (error) =>
            errorToast(
              'maintenance-cost',
              // No answer (or a fault): the cost may have been added. The request is read again
              // (useRequestChange), and sending the same cost again adds it once at most.
              messageOf(error, COST_OUTCOME_UNKNOWN),
            ),
        });
      }}
    >
      <h3 className="text-base font-semibold">Add a cost</h3>
      <div className="grid gap-4 sm:grid-cols-[9rem_minmax(0,1fr)_10rem]">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-kind`} className="block text-sm font-medium">
            Kind
          </label>
          <select
            id={`${id}-kind`}
            className="select w-full"
            value={kind}
            onChange={(event) => {
              const next = COST_KINDS.find((value) => value === event.target.value);
              if (next) setKind(next);
            }}
          >
            {COST_KINDS.map((value) => (
              <option key={value} value={value}>
                {COST_KIND_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-description`} className="block text-sm font-medium">
            Description
          </label>
          <input
            id={`${id}-description`}
            className="input w-full"
            value={description}
            maxLength={MAINTENANCE_LIMITS.costDescription}
            onChange={(event) => setDescription(event.target.value)}
            {...invalid('description')}
          />
          {message('description')}
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-amount`} className="block text-sm font-medium">
            Amount (BDT)
          </label>
          <input
            id={`${id}-amount`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            className="input w-full"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            {...invalid('amount')}
          />
          {message('amount')}
        </div>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <label className="flex cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="checkbox checkbox-primary checkbox-sm"
            checked={chargeTenant}
            onChange={(event) => setChargeTenant(event.target.checked)}
          />
          Charge to the tenant
        </label>
        <BusyButton busy={adding.isPending} type="submit" className="btn btn-primary">
          Add cost
        </BusyButton>
      </div>
    </form>
  );
}
