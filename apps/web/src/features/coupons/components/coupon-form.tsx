import { zodResolver } from '@hookform/resolvers/zod';
import {
  COUPON_LIMITS,
  COUPON_TERMS,
  COUPON_MESSAGES,
  CouponFormSchema,
  toNewCoupon,
  type CouponForm as CouponFormOutput,
  type CouponFormInput,
} from '@structomate/contract';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { FormField } from '../../../components/form-field';
import { ApiError, messageOf } from '../../../lib/api-client';
import { describedBy } from '../../../lib/described-by';
import { useCreateCoupon } from '../api/create-coupon';
import { ValidityPicker } from './validity-picker';
import { BusyButton } from '../../../components/busy-button';
import { isAnswered, useUnsavedChanges } from '../../../lib/unsaved-changes';

// An empty number field: '' in the field (NaN would make the browser warn that it cannot show
// it, and an unset value would keep the last percentage after a reset). The schema calls ''
// and NaN (a cleared field) missing.
const empty: CouponFormInput = {
  heading: '',
  description: '',
  discountPercentage: '' as unknown as number,
  couponCode: '',
  validity: '',
};

/** Spec §2/§5 coupon form; every rule is the contract's, the server checks them again. */
export function CouponForm() {
  const creation = useCreateCoupon();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CouponFormInput, unknown, CouponFormOutput>({
    resolver: zodResolver(CouponFormSchema),
    defaultValues: empty,
  });
  // A coupon half typed is not dropped without a word, its panel closed or not (it keeps what
  // was typed): leaving the page asks first. Added (the form emptied) or emptied, nothing is asked.
  const answers = useWatch({ control });
  useUnsavedChanges(Object.values(answers).some(isAnswered));

  const submit = handleSubmit(async (values) => {
    try {
      await creation.mutateAsync(toNewCoupon(values));
    } catch (error) {
      console.warn('Coupon not created', error);
      toast.error(COUPON_MESSAGES.createFailed);
      // Say why where it can be fixed: a taken code at the code, anything else above the button.
      if (error instanceof ApiError && error.status === 409) {
        setError('couponCode', { message: error.message }, { shouldFocus: true });
      } else {
        const reason = messageOf(error, '');
        if (reason) setError('root.server', { message: reason });
      }
      return;
    }
    toast.success(COUPON_MESSAGES.created);
    reset(empty);
  });

  const busy = isSubmitting || creation.isPending;
  const serverError = errors.root?.server?.message;
  return (
    <form onSubmit={submit} noValidate aria-label="New coupon" className="space-y-5">
      <div className="grid gap-5 md:grid-cols-2">
        <FormField id="coupon-heading" label="Heading" error={errors.heading?.message}>
          <input
            {...register('heading')}
            {...describedBy('coupon-heading', errors.heading?.message)}
            maxLength={COUPON_LIMITS.heading}
            placeholder="Headline (Max - 2 words)"
            className="input w-full"
          />
        </FormField>
        <FormField id="coupon-description" label="Description" error={errors.description?.message}>
          <input
            {...register('description')}
            {...describedBy('coupon-description', errors.description?.message)}
            maxLength={COUPON_LIMITS.description}
            placeholder="25% OFF on first month rent"
            className="input w-full"
          />
        </FormField>
        <FormField
          id="coupon-discount"
          label="Discount percentage"
          error={errors.discountPercentage?.message}
        >
          <input
            {...register('discountPercentage', { valueAsNumber: true })}
            {...describedBy('coupon-discount', errors.discountPercentage?.message)}
            type="number"
            inputMode="numeric"
            min={COUPON_LIMITS.minPercentage}
            max={COUPON_LIMITS.maxPercentage}
            step={1}
            placeholder="25"
            className="input w-full"
          />
        </FormField>
        <FormField
          id="coupon-code"
          label="Coupon code"
          hint={COUPON_TERMS}
          error={errors.couponCode?.message}
        >
          <input
            {...register('couponCode')}
            {...describedBy('coupon-code', errors.couponCode?.message, 'hint')}
            maxLength={COUPON_LIMITS.code}
            spellCheck={false}
            placeholder="STRUCTO25"
            className="input w-full font-mono"
          />
        </FormField>
        <FormField id="coupon-validity" label="Valid until" error={errors.validity?.message}>
          <Controller
            control={control}
            name="validity"
            render={({ field }) => (
              <ValidityPicker
                id="coupon-validity"
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                focusRef={field.ref}
                invalid={Boolean(errors.validity)}
                describedBy={errors.validity ? 'coupon-validity-error' : undefined}
              />
            )}
          />
        </FormField>
      </div>
      {serverError && (
        <p role="alert" className="alert alert-soft alert-error">
          {serverError}
        </p>
      )}
      <div className="flex justify-end">
        <BusyButton busy={busy} type="submit" className="btn btn-primary w-full sm:w-auto">
          Add Coupon
        </BusyButton>
      </div>
    </form>
  );
}
