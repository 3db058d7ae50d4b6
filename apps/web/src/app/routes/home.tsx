import { AboutBuilding } from '../../features/home/components/about-building';
import { CouponBanner } from '../../features/home/components/coupon-banner';
import { HeroCarousel } from '../../features/home/components/hero-carousel';
import { LocationSection } from '../../features/home/components/location-section';

export function HomeRoute() {
  return (
    <>
      <title>StructoMate · Apartments, leases and rent in one building</title>
      <h1 className="sr-only">StructoMate</h1>
      <div className="mx-auto max-w-7xl space-y-20 px-4 pt-6 sm:px-6 lg:space-y-24 lg:px-8">
        <div className="grid gap-6 lg:grid-cols-3 [&>*]:min-w-0">
          <div className="min-w-0 lg:col-span-2">
            <HeroCarousel />
          </div>
          <CouponBanner />
        </div>
        <AboutBuilding />
        <LocationSection />
      </div>
    </>
  );
}
