import { Suspense } from 'react';
import { messages } from '@shared/messages';
import { primaryButton } from '@/components/ui/button-styles';
import { PageMeta } from '@/components/ui/page-meta';
import { Spinner } from '@/components/ui/spinner';
import { useHomePage } from '@/features/catalogue/api/get-home-page';
import { AdvertCarousel, AdvertPlaceholder } from '@/features/catalogue/components/advert-carousel';
import { CategorySection } from '@/features/catalogue/components/category-section';
import { DisplayControls } from '@/features/catalogue/components/display-controls';
import { useDisplayPrefs } from '@/features/catalogue/hooks/use-display-prefs';
import { config } from '@/lib/config';

export function HomeRoute() {
  const home = useHomePage();
  const [prefs, setPrefs] = useDisplayPrefs();
  const sections = home.data?.sections.filter((s) => s.products.length > 0) ?? [];

  return (
    <>
      <PageMeta />
      <h1 className="sr-only">{config.shopName}: robotics kits, workshops and components</h1>
      {home.isPending ? <AdvertPlaceholder /> : <AdvertCarousel adverts={home.data?.adverts ?? []} />}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 sm:mt-6">
        <p className="text-lg font-semibold text-slate-800">Shop by category</p>
        <DisplayControls prefs={prefs} onChange={setPrefs} />
      </div>
      {home.isPending && <Spinner label="Loading products" />}
      {home.isError && (
        <div className="py-12 text-center">
          <p className="text-slate-800">{messages.somethingWentWrong} We could not load the products.</p>
          <button type="button" onClick={() => void home.refetch()} className={`${primaryButton} mt-4`}>
            Try again
          </button>
        </div>
      )}
      {sections.map((section) => (
        // Nothing here suspends: the boundary lets React take over the server's drawing of the
        // category rows after the rest of the page, in a pass of its own, so that no single task
        // of the app's start holds the whole page. The rows show only the page's answer and the
        // display preferences (props), nothing that changes while the page starts.
        <Suspense key={section.category.Id}>
          <CategorySection section={section} prefs={prefs} />
        </Suspense>
      ))}
    </>
  );
}
