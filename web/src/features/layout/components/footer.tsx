import { Link } from 'react-router';
import { POLICY_SLUGS, POLICY_TITLES, policyPath } from '@shared/policy-pages';
import { config } from '@/lib/config';
import { useSession } from '@/features/auth/hooks/use-session';

const linkClass = 'text-slate-200 underline-offset-4 hover:text-white hover:underline';

export function Footer() {
  const { user } = useSession();
  const { links } = config;
  const socials = [
    { label: 'Instagram', href: links.instagram },
    { label: 'YouTube', href: links.youtube },
    { label: 'LinkedIn', href: links.linkedin },
    { label: 'Facebook', href: links.facebook },
  ];
  return (
    <footer className="mt-12 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{config.shopName}</p>
          <p className="mt-2 text-sm text-slate-300">Robotics, mechatronics and drone kits, workshops and components.</p>
        </div>
        <nav aria-label="Company">
          <h2 className="font-semibold text-white">Company</h2>
          <ul className="mt-2 space-y-2 text-sm">
            <li>
              <a href={links.about} className={linkClass}>
                About us
              </a>
            </li>
            <li>
              <a href={config.homeSiteUrl} className={linkClass}>
                {config.shopName} home
              </a>
            </li>
            <li>
              <Link to="/3dprinting" className={linkClass}>
                3D printing service
              </Link>
            </li>
            {user && (
              <li>
                <a href={links.feePayments} className={linkClass}>
                  Fee Payments
                </a>
              </li>
            )}
          </ul>
        </nav>
        <nav aria-label="Policies">
          <h2 className="font-semibold text-white">Policies</h2>
          <ul className="mt-2 space-y-2 text-sm">
            {POLICY_SLUGS.map((slug) => (
              <li key={slug}>
                <Link to={policyPath(slug)} className={linkClass}>
                  {POLICY_TITLES[slug]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Social media">
          <h2 className="font-semibold text-white">Follow us</h2>
          <ul className="mt-2 space-y-2 text-sm">
            {socials.map((s) => (
              <li key={s.label}>
                <a href={s.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
                  {s.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} {config.shopName}
      </p>
    </footer>
  );
}
