import { BRAND_NAME } from '@structomate/contract';
import type { ReactNode } from 'react';
import { FaFacebookF, FaInstagram, FaLinkedinIn, FaXTwitter } from 'react-icons/fa6';
import { Link } from 'react-router';
import { BrandMark, BrandName } from './brand-logo';

const socials = [
  { label: 'Facebook', href: 'https://www.facebook.com/', icon: <FaFacebookF /> },
  { label: 'Instagram', href: 'https://www.instagram.com/', icon: <FaInstagram /> },
  { label: 'X', href: 'https://x.com/', icon: <FaXTwitter /> },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/', icon: <FaLinkedinIn /> },
];

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
  return (
    <footer className="mt-16 bg-neutral text-neutral-content print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:px-8">
        <div id="about-us" className="space-y-3 md:col-span-2">
          <div className="flex items-center gap-2">
            <BrandMark />
            <BrandName />
          </div>
          <p className="max-w-md text-sm leading-relaxed text-neutral-content/75">
            {BRAND_NAME} runs one residential building well: find an apartment, request your lease
            online, pay rent by card and hear from the building, all in one place.
          </p>
          <ul className="flex gap-2" aria-label="Social media">
            {socials.map((social) => (
              <li key={social.label}>
                <a
                  href={social.href}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={`${BRAND_NAME} on ${social.label}`}
                  className="btn btn-circle btn-ghost btn-sm text-neutral-content/80 hover:text-neutral-content"
                >
                  {social.icon}
                </a>
              </li>
            ))}
          </ul>
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
          © {new Date().getFullYear()} {BRAND_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
