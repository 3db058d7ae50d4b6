import type { ReactNode } from 'react';
import { useId } from 'react';

/**
 * A card that says one thing and leads on: a heading, a line of text and a link, side by side
 * from the small breakpoint up (on a former tenant's My Profile: their past lease, their
 * maintenance requests).
 */
export function LinkCard({
  heading,
  children,
  link,
}: {
  heading: string;
  children: ReactNode;
  link: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id={headingId} className="font-semibold">
          {heading}
        </h2>
        <p className="text-sm text-base-content/75">{children}</p>
      </div>
      {link}
    </section>
  );
}
