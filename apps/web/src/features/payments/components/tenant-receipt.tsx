import { Link, useParams } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-client';
import { useTenantAccount } from '../api/get-tenant-account';
import { ReceiptView } from './receipt';

/** A payment's receipt as the admin opens it from a person's rent account. */
export function TenantReceipt() {
  const { userId = '', paymentId = '' } = useParams();
  const account = useTenantAccount(userId);
  if (account.isPending) return <LoadingSpinner label="Loading the receipt" />;
  const payment = account.data?.transactions.find((candidate) => candidate._id === paymentId);
  const missing = account.error instanceof ApiError && [400, 404].includes(account.error.status);
  if (account.isError && !missing) {
    return <LoadError onRetry={account.refetch}>The receipt could not be loaded.</LoadError>;
  }
  if (!payment) {
    return (
      <div role="alert" className="space-y-4 py-12 text-center">
        <h1 className="text-2xl font-semibold">Receipt not found</h1>
        <p className="mx-auto max-w-prose text-base-content/75">
          No payment on this rent account has this receipt. A payment recorded by hand and then
          undone is kept in the audit log.
        </p>
        <Link to="../.." relative="path" className="btn btn-primary">
          Back to the rent account
        </Link>
      </div>
    );
  }
  return <ReceiptView payment={payment} back={{ to: '../..', label: 'Rent account' }} />;
}
