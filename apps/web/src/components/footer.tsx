import {
  BRAND_NAME,
  SOCIAL_NETWORK_NAMES,
  SOCIAL_NETWORKS,
  type SocialNetwork,
} from '@structomate/contract';
import type { ReactNode } from 'react';
import { FaFacebookF, FaInstagram, FaLinkedinIn, FaXTwitter, FaYoutube } from 'react-icons/fa6';
import { Link } from 'react-router';
import { useBuilding } from '../lib/building';
import { useToday } from '../lib/now';
import { useSiteConfig } from '../lib/site-config';
import { BrandMark, BrandName } from './brand-logo';

const icons: Record<SocialNetwork, ReactNode> = {
  facebook: <FaFacebookF />,
  instagram: <FaInstagram />,
  x: <FaXTwitter />,
  linkedin: <FaLinkedinIn />,
  youtube: <FaYoutube />,
};

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className="link link-hover text-neutral-content/80 hover:text-neutral-content">
        {children}
      </Link>
    </li>
  );
}

/** Spec "Shared chrome": About us, Contact, About the building, Aparments (sic), socials, ©. */
export function Footer() {
  const { data: building } = useBuilding();
  const name = building?.name ?? BRAND_NAME;
  const year = useToday(useSiteConfig().data?.timeZone).slice(0, 4);
  const socials = SOCIAL_NETWORKS.flatMap((network) => {
    const href = building?.socialLinks[network];
    return href ? [{ network, href }] : [];
  });
  return (
    <footer className="mt-16 bg-neutral text-neutral-content print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:px-8">
        <div id="about-us" className="space-y-3 md:col-span-2">
          <div className="flex items-center gap-2">
            <BrandMark />
            <BrandName />
          </div>
          <p className="max-w-md text-sm leading-relaxed text-neutral-content/75">
            {name === BRAND_NAME
              ? `${BRAND_NAME} runs one residential building well`
              : `${name} runs on ${BRAND_NAME}`}
            : find an apartment, request your lease online, pay rent by card and hear from the
            building, all in one place.
          </p>
          {(building?.contactEmail ?? building?.contactPhone) && (
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-neutral-content/80">
              {building.contactEmail && (
                <a className="link link-hover" href={`mailto:${building.contactEmail}`}>
                  {building.contactEmail}
                </a>
              )}
              {building.contactPhone && (
                <a
                  className="link link-hover"
                  href={`tel:${building.contactPhone.replace(/[^+0-9]/g, '')}`}
                >
                  {building.contactPhone}
                </a>
              )}
            </p>
          )}
          {socials.length > 0 && (
            <ul className="flex gap-2" aria-label="Social media">
              {socials.map((social) => (
                <li key={social.network}>
                  <a
                    href={social.href}
                    target="_blank"
                    rel="noreferrer"
                    aria-label={`${name} on ${SOCIAL_NETWORK_NAMES[social.network]}`}
                    className="btn btn-circle btn-ghost btn-sm text-neutral-content/80 hover:text-neutral-content"
                  >
                    {icons[social.network]}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h2 className="mb-3 font-sans text-sm font-semibold uppercase tracking-wider text-neutral-content/60">
            Explore
          </h2>
          <ul className="space-y-2 text-sm">
            <FooterLink to="/#about-us">About us</FooterLink>
            <FooterLink to="/#location">Contact</FooterLink>
            <FooterLink to="/#about">About the building</FooterLink>
            <FooterLink to="/apartment">Aparments</FooterLink>
          </ul>
        </div>
      </div>
      <div className="border-t border-neutral-content/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-neutral-content/60 sm:px-6 lg:px-8">
          © {year} {name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
