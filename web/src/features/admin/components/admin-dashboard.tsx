import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { adminMessages } from '@shared/admin-messages';
import { secondaryButton } from '../../../components/ui/button-styles';
import { CloseIcon, MenuIcon } from '../../../components/ui/icons';
import { notify } from '../../../lib/notify';
import { adminLogout } from '../api/admin-logout';
import { useAdminMe } from '../api/get-admin-me';
import { endAdminSession } from '../lib/admin-session';
import { AddProductSection } from './add-product-section';
import { AdvertsSection } from './adverts-section';
import { CategoriesSection } from './categories-section';
import { ClaimsSection } from './claims-section';
import { CouponsSection } from './coupons-section';
import { ManageProductsSection } from './manage-products-section';
import { OrdersSection } from './orders-section';
import { NotifySection } from './notify-section';
import { OutboxSection } from './outbox-section';
import { OverviewSection } from './overview-section';
import { PrintRequestsSection } from './print-requests-section';
import { StudentOfMonthSection } from './student-of-month-section';
import { ShippingSection } from './shipping-section';

/** The sections of the sidebar; SPEC.md §4 names the first six's states add, manage, Orders, Category, ADV, CUPO. */
const SECTIONS = [
  { id: 'overview', label: 'Overview', Content: OverviewSection },
  { id: 'add', label: 'Add Products', Content: AddProductSection },
  { id: 'manage', label: 'Manage Products', Content: ManageProductsSection },
  { id: 'orders', label: 'Orders', Content: OrdersSection },
  { id: 'category', label: 'Manage Category', Content: CategoriesSection },
  { id: 'adv', label: 'Advert Image', Content: AdvertsSection },
  { id: 'cupo', label: 'Manage Coupons', Content: CouponsSection },
  { id: 'shipping', label: 'Shipping', Content: ShippingSection },
  { id: 'claims', label: 'Free Claims', Content: ClaimsSection },
  { id: 'printing', label: '3D Printing Requests', Content: PrintRequestsSection },
  { id: 'student', label: 'Student of the Month', Content: StudentOfMonthSection },
  { id: 'notify', label: 'Notify Me list', Content: NotifySection },
  { id: 'outbox', label: 'Mail outbox', Content: OutboxSection },
] as const;
type SectionId = (typeof SECTIONS)[number]['id'];

export function AdminDashboard({ token }: { token: string }) {
  // Add Products is the default section (SPEC.md §2).
  const [section, setSection] = useState<SectionId>('add');
  const [menuOpen, setMenuOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const me = useAdminMe(token);
  const queryClient = useQueryClient();
  const navId = useId();
  const mainRef = useRef<HTMLDivElement>(null);
  const chosen = useRef(false);
  const { Content } = SECTIONS.find(({ id }) => id === section)!;

  useEffect(() => {
    // After a click in the sidebar, move focus to the new section's heading so keyboard and screen reader users land there.
    if (!chosen.current) return;
    mainRef.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [section]);

  const choose = (id: SectionId) => {
    chosen.current = true;
    setSection(id);
    setMenuOpen(false);
  };

  const logout = async () => {
    setLoggingOut(true);
    await adminLogout();
    queryClient.removeQueries({ queryKey: ['admin'] });
    endAdminSession();
    notify('success', adminMessages.loggedOut);
  };

  return (
    <div className="ad:py-4">
      <div className="ad:flex ad:flex-wrap ad:items-center ad:justify-between ad:gap-3 ad:border-b ad:border-slate-200 ad:pb-3">
        <div className="ad:flex ad:items-center ad:gap-3">
          <button
            type="button"
            className="ad:inline-flex ad:size-10 ad:items-center ad:justify-center ad:rounded-md ad:border ad:border-slate-300 ad:bg-white ad:text-slate-800 ad:hover:bg-slate-50 ad:md:hidden"
            aria-expanded={menuOpen}
            aria-controls={navId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
          <h1 className="ad:text-xl ad:font-bold ad:text-slate-900 ad:sm:text-2xl">Admin dashboard</h1>
        </div>
        <div className="ad:flex ad:items-center ad:gap-3">
          {me.data && <span className="ad:hidden ad:text-sm ad:text-slate-700 ad:sm:inline">Signed in as {me.data.username}</span>}
          <button type="button" className={`${secondaryButton} ad:py-1.5`} onClick={() => void logout()} disabled={loggingOut}>
            Logout
          </button>
        </div>
      </div>
      <div className="ad:mt-4 ad:flex ad:flex-col ad:gap-6 ad:md:flex-row">
        <nav id={navId} aria-label="Admin sections" className={`${menuOpen ? 'ad:block' : 'ad:hidden'} ad:shrink-0 ad:md:block ad:md:w-52`}>
          <ul className="ad:flex ad:flex-col ad:gap-1 ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-2 ad:shadow-sm">
            {SECTIONS.map(({ id, label }) => (
              <li key={id}>
                <button
                  type="button"
                  aria-current={section === id ? 'page' : undefined}
                  onClick={() => choose(id)}
                  className={`ad:w-full ad:rounded-md ad:px-3 ad:py-2 ad:text-left ad:font-medium ${
                    section === id ? 'ad:bg-brand-700 ad:text-white' : 'ad:text-slate-800 ad:hover:bg-slate-100'
                  }`}
                >
                  {label}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div ref={mainRef} className="ad:min-w-0 ad:flex-1">
          <Content />
        </div>
      </div>
    </div>
  );
}
