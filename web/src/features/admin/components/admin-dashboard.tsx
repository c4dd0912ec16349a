import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { adminMessages } from '@shared/admin-messages';
import { roleMayCall, type StaffRole } from '@shared/staff-roles';
import { secondaryButton } from '@/components/ui/button-styles';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { notify } from '@/lib/notify';
import { adminLogout } from '../api/admin-logout';
import { useAdminMe } from '../api/get-admin-me';
import { useTwoFactorStatus } from '../api/two-factor';
import { endAdminSession } from '../lib/admin-session';
import { AddProductSection } from './add-product-section';
import { AdvertsSection } from './adverts-section';
import { CategoriesSection } from './categories-section';
import { ClaimsSection } from './claims-section';
import { CouponsSection } from './coupons-section';
import { CustomersSection } from './customers-section';
import { ManageProductsSection } from './manage-products-section';
import { OrdersSection } from './orders-section';
import { NotifySection } from './notify-section';
import { OutboxSection } from './outbox-section';
import { OverviewSection } from './overview-section';
import { PrintRequestsSection } from './print-requests-section';
import { ReturnsSection } from './returns-section';
import { StudentOfMonthSection } from './student-of-month-section';
import { ShippingSection } from './shipping-section';
import { PoliciesSection, ShopSettingsSection } from './shop-settings-section';
import { StaffSection } from './staff-section';
import { AuditSection } from './audit-section';
import { GstReportsSection } from './gst-reports-section';
import { TwoFactorSection } from './two-factor-section';
import { MySessionsSection, StaffSessionsSection } from './sessions-section';

/**
 * The sections of the sidebar; SPEC.md §4 names the first six's states add, manage, Orders, Category, ADV, CUPO.
 * Each is shown to the roles that may call the route it needs (shared/src/staff-roles.ts).
 */
const SECTIONS = [
  { id: 'overview', label: 'Overview', Content: OverviewSection, needs: 'GET /api/admin/overview' },
  { id: 'add', label: 'Add Products', Content: AddProductSection, needs: 'POST /api/products' },
  { id: 'manage', label: 'Manage Products', Content: ManageProductsSection, needs: 'PATCH /api/products/:id' },
  { id: 'orders', label: 'Orders', Content: OrdersSection, needs: 'GET /api/ordersAdmin' },
  { id: 'customers', label: 'Customers', Content: CustomersSection, needs: 'GET /api/admin/customers' },
  { id: 'returns', label: 'Returns', Content: ReturnsSection, needs: 'GET /api/admin/returns' },
  { id: 'category', label: 'Manage Category', Content: CategoriesSection, needs: 'POST /api/categories' },
  { id: 'adv', label: 'Advert Image', Content: AdvertsSection, needs: 'POST /api/advertimages' },
  { id: 'cupo', label: 'Manage Coupons', Content: CouponsSection, needs: 'GET /api/coupons' },
  { id: 'shipping', label: 'Shipping', Content: ShippingSection, needs: 'PUT /api/admin/shipping' },
  { id: 'gst', label: 'GST reports', Content: GstReportsSection, needs: 'GET /api/admin/gst/register.csv' },
  { id: 'claims', label: 'Free Claims', Content: ClaimsSection, needs: 'GET /api/admin/claims' },
  { id: 'printing', label: '3D Printing Requests', Content: PrintRequestsSection, needs: 'GET /api/admin/print-requests' },
  { id: 'student', label: 'Student of the Month', Content: StudentOfMonthSection, needs: 'POST /api/studofmonth' },
  { id: 'notify', label: 'Notify Me list', Content: NotifySection, needs: 'GET /api/admin/notify' },
  { id: 'outbox', label: 'Mail outbox', Content: OutboxSection, needs: 'GET /api/admin/outbox' },
  { id: 'settings', label: 'Shop settings', Content: ShopSettingsSection, needs: 'PUT /api/admin/settings' },
  { id: 'policies', label: 'Policy pages', Content: PoliciesSection, needs: 'PUT /api/admin/policies/:slug' },
  { id: 'staff', label: 'Staff', Content: StaffSection, needs: 'GET /api/admin/staff' },
  { id: 'audit', label: 'Audit log', Content: AuditSection, needs: 'GET /api/admin/audit' },
  { id: 'sessions', label: 'Sessions', Content: StaffSessionsSection, needs: 'GET /api/admin/sessions' },
  // The owner's Sessions has theirs.
  { id: 'my-sessions', label: 'My sessions', Content: MySessionsSection, needs: 'GET /api/admin/me/sessions', unless: 'GET /api/admin/sessions' },
  { id: 'two-factor', label: 'Two-factor sign-in', Content: TwoFactorSection, needs: 'POST /api/admin/2fa/enrol' },
] as const;
type SectionId = (typeof SECTIONS)[number]['id'];

const mayCall = (role: StaffRole, route: string) => {
  const [method, url] = route.split(' ') as [string, string];
  return roleMayCall(role, method, url);
};

/**
 * The sections a role may use: their route is open to it. An account that must still set up
 * two-factor sign-in (the owner requires it) gets that section only: the server refuses the rest.
 */
function sectionsFor(role: StaffRole | undefined, mustEnrol: boolean) {
  if (!role) return [];
  if (mustEnrol) return SECTIONS.filter(({ id }) => id === 'two-factor');
  return SECTIONS.filter((section) => mayCall(role, section.needs) && !('unless' in section && mayCall(role, section.unless)));
}

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
  const twoFactor = useTwoFactorStatus(token);
  // None until it is known whether two-factor setup comes first (else the first section would be refused).
  const sections = twoFactor.isPending ? [] : sectionsFor(me.data?.role, Boolean(twoFactor.data?.required && !twoFactor.data.enabled));
  // Add Products, or the first section the role may use.
  const current = sections.find(({ id }) => id === section) ?? sections[0];
  const Content = current?.Content;

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
            {sections.map(({ id, label }) => (
              <li key={id}>
                <button
                  type="button"
                  aria-current={current?.id === id ? 'page' : undefined}
                  onClick={() => choose(id)}
                  className={`ad:w-full ad:rounded-md ad:px-3 ad:py-2 ad:text-left ad:font-medium ${
                    current?.id === id ? 'ad:bg-brand-700 ad:text-white' : 'ad:text-slate-800 ad:hover:bg-slate-100'
                  }`}
                >
                  {label}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div ref={mainRef} className="ad:min-w-0 ad:flex-1">
          {Content && <Content />}
        </div>
      </div>
    </div>
  );
}
