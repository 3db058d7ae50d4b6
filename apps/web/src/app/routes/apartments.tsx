import { ApartmentListing } from '../../features/apartments/components/apartment-listing';

export function ApartmentsRoute() {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 sm:px-6 lg:px-8">
      <title>Apartments · StructoMate</title>
      <ApartmentListing />
    </div>
  );
}
