import type { IconType } from 'react-icons';
import { LuCpu, LuShieldCheck, LuSofa, LuSquareParking, LuZap } from 'react-icons/lu';
import { Link } from 'react-router';
import building640 from '../../../assets/art/building-640.webp';
import building1200 from '../../../assets/art/building-1200.webp';
import buildingArt from '../../../assets/art/building.json';

const highlights: { title: string; text: string; icon: IconType }[] = [
  {
    title: 'Energy Efficiency',
    text: 'Smart lighting and HVAC systems that adjust to how each space is used.',
    icon: LuZap,
  },
  {
    title: 'Security',
    text: 'CCTV, keycard access and real-time monitoring around the clock.',
    icon: LuShieldCheck,
  },
  {
    title: 'Facility Management',
    text: 'Managed parking, storage rooms and recreational spaces for every resident.',
    icon: LuSquareParking,
  },
  {
    title: 'User Comfort',
    text: 'High-speed internet throughout and ergonomic layouts in every apartment.',
    icon: LuSofa,
  },
  {
    title: 'Smart Integration',
    text: 'IoT-ready infrastructure, so the building grows with the technology you use.',
    icon: LuCpu,
  },
];

/** Spec §2 "About the Building". */
export function AboutBuilding() {
  return (
    <section id="about" aria-labelledby="about-heading" className="scroll-mt-20">
      <div className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
        <img
          src={building640}
          srcSet={`${building640} 640w, ${building1200} 1200w`}
          sizes="(min-width: 1024px) 600px, 100vw"
          alt={buildingArt.alt}
          width={1200}
          height={900}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-full rounded-box bg-base-300 object-cover shadow-sm"
        />
        <div>
          <h2 id="about-heading" className="text-3xl font-semibold sm:text-4xl">
            About the Building
          </h2>
          <p className="mt-4 text-base leading-relaxed text-base-content/80">
            Our building blends innovation, functionality and modern design. It is made to work well
            for the people who live here, for their visitors and for the administrators who keep it
            running.
          </p>
          <ul className="mt-8 space-y-5">
            {highlights.map(({ title, text, icon: Icon }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-field bg-primary/10 text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <h3 className="font-sans text-base font-semibold">{title}</h3>
                  <p className="text-sm leading-relaxed text-base-content/75">{text}</p>
                </div>
              </li>
            ))}
          </ul>
          {/* Relative on purpose (spec §2): from the home page this is /apartment. */}
          <Link to="apartment" className="btn btn-primary mt-8">
            Rent Apartment
          </Link>
        </div>
      </div>
    </section>
  );
}
