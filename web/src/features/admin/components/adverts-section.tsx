import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { AdvertImage } from '@shared/catalogue.schemas';
import { adminMessages, MAX_ADVERT_UPLOAD, withReason } from '@shared/admin-messages';
import { primaryButton } from '@/components/ui/button-styles';
import { FormError } from '@/components/ui/form-field';
import { notify } from '@/lib/notify';
import { useAdverts, useDeleteAdvert, useUploadAdverts } from '../api/adverts';
import { useConfirmedDelete } from '../hooks/use-confirmed-delete';
import { reasonOf } from '../lib/admin-fetch';
import { AdminSection, QueryBody } from './admin-section';
import { FileField } from './form-controls';
import { Thumbnail } from './thumbnail';

/** Advert Image: upload 1 to 5 images at a time (SPEC.md §5), list them, delete one. */
export function AdvertsSection() {
  const adverts = useAdverts();
  const upload = useUploadAdverts();
  const remove = useConfirmedDelete({
    useDelete: useDeleteAdvert,
    idOf: (advert: AdvertImage) => advert.id,
    describe: () => ({ title: 'Delete advert image', message: "Delete this advert image? It leaves the home page's carousel." }),
    toasts: () => ({ done: adminMessages.advertDeleted, failed: adminMessages.errorDeletingAdvert }),
  });
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    setError(null);
    if (chosen.length > MAX_ADVERT_UPLOAD) {
      setError(adminMessages.tooManyAdverts);
      notify('error', adminMessages.tooManyAdverts);
      event.target.value = '';
      setFiles([]);
      return;
    }
    if (chosen.some((file) => !file.type.startsWith('image/'))) {
      const message = 'Only image files can be uploaded.';
      setError(message);
      notify('error', message);
      event.target.value = '';
      setFiles([]);
      return;
    }
    setFiles(chosen);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (files.length === 0) {
      setError('Choose 1 to 5 images first.');
      return;
    }
    try {
      await upload.mutateAsync(files);
      notify('success', adminMessages.advertsUploaded);
      setFiles([]);
      if (input.current) input.current.value = '';
    } catch (e) {
      const message = withReason(adminMessages.errorUploadingAdverts, reasonOf(e));
      setError(message);
      notify('error', message);
    }
  };

  return (
    <AdminSection title="Advert Image">
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        className="ad:flex ad:max-w-xl ad:flex-col ad:gap-3 ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-4 ad:shadow-sm"
      >
        <FileField
          ref={input}
          label="Choose advert images"
          multiple
          accept="image/*"
          hint="Up to 5 images at a time. Recommended size: 1600 × 600 pixels (8:3); other proportions are shown whole, with a margin."
          onChange={choose}
        />
        <FormError>{error}</FormError>
        <div>
          <button type="submit" className={primaryButton} disabled={upload.isPending}>
            {upload.isPending ? 'Uploading...' : 'Upload'}
          </button>
        </div>
      </form>
      <QueryBody query={adverts} loadingLabel="Loading advert images" errorText="Could not load the advert images.">
        {(data) =>
          data.length === 0 ? (
            <p className="ad:text-slate-700">No advert images yet.</p>
          ) : (
            <ul aria-label="Advert images" className="ad:grid ad:grid-cols-1 ad:gap-3 ad:min-[420px]:grid-cols-2 ad:lg:grid-cols-3">
              {data.map((advert, i) => (
                <li key={advert.id} className="ad:flex ad:flex-col ad:gap-2 ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-3 ad:shadow-sm">
                  <Thumbnail
                    path={advert.url}
                    alt={`Advert ${i + 1}`}
                    sizes="(min-width: 1024px) 16rem, (min-width: 420px) 50vw, 100vw"
                    className="ad:aspect-video ad:h-auto ad:w-full"
                  />
                  <button
                    type="button"
                    className="ad:rounded-md ad:border ad:border-red-700 ad:bg-white ad:px-3 ad:py-1.5 ad:font-semibold ad:text-red-700 ad:hover:bg-red-50"
                    onClick={() => remove.request(advert)}
                    aria-label={`Delete advert ${i + 1}`}
                  >
                    Delete
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryBody>
      {remove.dialog}
    </AdminSection>
  );
}
