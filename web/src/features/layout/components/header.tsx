import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { searchUrl } from '@shared/suggestions';
import { CloseIcon, MenuIcon, ShopMark } from '@/components/ui/icons';
import { config, homeSiteLink } from '@/lib/config';
import { UserMenu } from '@/features/auth/components/user-menu';
import { SearchBox } from '@/features/search/components/search-box';
import { CartLink } from './cart-link';
import { NavMenu, menuItemClass } from './nav-menu';

const KITS = [
  { label: 'Robobox Kits', query: 'robobox' },
  { label: 'Mechatronics Kits', query: 'Mechatronics' },
  { label: 'Blix Kits', query: 'Blix' },
  { label: 'Drone Kits', query: 'Drone' },
] as const;

const WORKSHOPS = [
  { label: 'Insights to Robotics', path: '/insights-to-robotics/' },
  { label: 'All in one Masterclass', path: '/all-in-one-masterclass/' },
  { label: 'Masterclass (Scratch to Pro)', path: '/masterclass-scratch-to-pro/' },
] as const;

const COMMUNITY = ['Games', 'Scholarship', 'Make Your Bot'] as const;

const navLinkClass = 'block rounded-md px-3 py-2 font-medium text-slate-800 hover:bg-slate-100 hover:text-brand-700';

function Logo() {
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 rounded-md font-bold text-brand-800">
      <ShopMark />
      <span className="text-lg leading-tight">{config.shopName}</span>
    </Link>
  );
}

/** A plain link (`href`: a page of the home site, a search) or a route this app shows without loading a page (`to`). */
type MenuLink = { label: string; href: string } | { label: string; to: string };

/** A drop-down of the main navigation. */
function LinkMenu({ label, links }: { label: string; links: MenuLink[] }) {
  return (
    <li>
      <NavMenu label={label}>
        {links.map((link) => (
          <li key={link.label}>
            {'to' in link ? (
              <Link to={link.to} className={menuItemClass}>
                {link.label}
              </Link>
            ) : (
              <a href={link.href} className={menuItemClass}>
                {link.label}
              </a>
            )}
          </li>
        ))}
      </NavMenu>
    </li>
  );
}

export function Header() {
  const [navOpen, setNavOpen] = useState(false);
  const location = useLocation();
  const [params] = useSearchParams();
  const currentQuery = location.pathname === '/searchquer' ? (params.get('q') ?? '') : '';
  const menus = [
    { label: 'Kits', links: KITS.map((k) => ({ label: k.label, href: searchUrl(k.query) ?? '/' })) },
    { label: 'Workshop', links: WORKSHOPS.map((w) => ({ label: w.label, href: homeSiteLink(w.path) })) },
    { label: 'Community', links: COMMUNITY.map((label) => ({ label, to: '/soon' })) },
  ];

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2 sm:px-4">
        <Logo />
        <div className="order-last w-full lg:order-none lg:w-auto lg:max-w-md lg:flex-1">
          <SearchBox key={currentQuery} initialQuery={currentQuery} />
        </div>
        <div className="ml-auto flex items-center gap-1 lg:order-last lg:ml-0">
          <CartLink />
          <button
            type="button"
            aria-expanded={navOpen}
            aria-controls="main-nav"
            onClick={() => setNavOpen((o) => !o)}
            className="inline-flex size-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 lg:hidden"
          >
            {navOpen ? <CloseIcon /> : <MenuIcon />}
            <span className="sr-only">Menu</span>
          </button>
        </div>
        {/* Following any link closes the small-screen menu. The nav only hears the clicks of its links and
            buttons (Enter on them clicks too); it is no control of its own. */}
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
        <nav
          id="main-nav"
          aria-label="Main"
          onClick={(e) => {
            if ((e.target as HTMLElement).closest('a, [data-closes-nav]')) setNavOpen(false);
          }}
          className={`${navOpen ? 'block' : 'hidden'} w-full lg:ml-auto lg:block lg:w-auto`}
        >
          <ul className="flex flex-col gap-1 border-t border-slate-200 py-2 lg:flex-row lg:items-center lg:border-0 lg:py-0">
            <li>
              <a href={config.homeSiteUrl} className={navLinkClass}>
                Home
              </a>
            </li>
            {menus.map((menu) => (
              <LinkMenu key={menu.label} {...menu} />
            ))}
            <li>
              <UserMenu linkClassName={navLinkClass} />
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
