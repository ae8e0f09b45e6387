import { type FormEvent, useId } from 'react';
import { Button } from '@/components/ui/button';
import { FacebookIcon, LinkedInIcon, XIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';

/** SPEC §2.2: every footer link points at a placeholder anchor. */
const COLUMNS = [
  { title: 'Company', links: ['About Us', 'Blog', 'Careers', 'Contact'] },
  {
    title: 'Courses',
    links: ['Browse All Courses', 'Popular Courses', 'Free Courses', 'Certification Programs'],
  },
  { title: 'Support', links: ['Help Center', 'FAQs', 'Report an Issue', 'Community Forum'] },
  { title: 'Legal', links: ['Terms of Service', 'Refund Policy', 'Accessibility'] },
];

const SOCIAL = [
  { label: 'LinkedIn', Icon: LinkedInIcon },
  { label: 'Facebook', Icon: FacebookIcon },
  { label: 'X', Icon: XIcon },
];

export const SiteFooter = () => {
  const emailId = useId();
  // SPEC §2.2: the newsletter box has no behaviour; it must not reload the page either.
  const onSubscribe = (event: FormEvent<HTMLFormElement>) => event.preventDefault();

  return (
    <footer className="border-t border-slate-800 bg-slate-900 text-slate-300">
      <div className="mx-auto grid w-full max-w-7xl gap-12 px-4 py-14 sm:px-6 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,2fr)] lg:px-8">
        <div className="flex min-w-0 flex-col gap-5">
          <Logo inverted />
          <p className="max-w-sm text-sm leading-relaxed text-slate-400">
            Skillwise brings learners and the people who teach them together: practical courses from
            independent schools and creators, in one calm place to learn.
          </p>
          <form onSubmit={onSubscribe} className="flex w-full max-w-sm flex-col gap-2 sm:flex-row">
            <label htmlFor={emailId} className="sr-only">
              Email address
            </label>
            <input
              id={emailId}
              type="email"
              placeholder="Put Email address"
              className="h-11 min-w-0 shrink-0 rounded-xl border border-slate-700 bg-slate-800 px-3.5 text-sm text-white placeholder:text-slate-500 focus:border-brand-400 focus:ring-4 focus:ring-brand-500/20 focus:outline-none sm:flex-1"
            />
            <Button type="submit">Subscribe</Button>
          </form>
          <div className="flex gap-2">
            {SOCIAL.map(({ label, Icon }) => (
              <span
                key={label}
                role="img"
                aria-label={label}
                className="flex size-10 items-center justify-center rounded-xl bg-slate-800 text-slate-300"
              >
                <Icon className="size-5" />
              </span>
            ))}
          </div>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {COLUMNS.map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <h2 className="text-sm font-semibold text-white">{column.title}</h2>
              <ul className="mt-4 flex flex-col gap-3">
                {column.links.map((link) => (
                  <li key={link}>
                    {/* biome-ignore lint/a11y/useValidAnchor: SPEC §2.2 footer links point at a placeholder anchor */}
                    <a href="#" className="text-sm text-slate-400 transition-colors hover:text-white">
                      {link}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto w-full max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} Skillwise. All rights reserved.
        </p>
      </div>
    </footer>
  );
};
