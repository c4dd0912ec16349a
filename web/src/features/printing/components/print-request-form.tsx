import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { PHONE_PREFIX } from '@shared/account.schemas';
import { MAX_PRINT_FILE_BYTES, MAX_PRINT_FILES, PrintRequestFields } from '@shared/services.schemas';
import { MAX_PRINT_CM } from '@shared/stl';
import { primaryButton } from '@/components/ui/button-styles';
import { FormError, FormField, FormFields, phoneInput, type FieldSpec } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { useSubmitPrintRequest } from '../api/submit-print-request';
import { useStlInfos, type StlState } from '../hooks/use-stl-infos';
import { clampDimension } from '../lib/dimensions';
import { addFiles, priceText, removeFile, type PrintFile } from '../lib/print-files';
import { printMessages } from '../lib/print-messages';
import { stlSummary } from '../lib/stl-summary';
import { PrintFileList } from './print-file-list';
import { StlPreview } from './stl-preview';

type PrintFormInput = z.input<typeof PrintRequestFields>;

const DIMENSIONS = [
  { name: 'length', label: 'Length (cm)' },
  { name: 'width', label: 'Width (cm)' },
  { name: 'height', label: 'Height (cm)' },
] as const;
const DETAILS: FieldSpec<PrintFormInput>[] = [
  { name: 'con_name', label: 'Name', autoComplete: 'name' },
  { name: 'phNo', label: 'Phone', ...phoneInput, prefix: PHONE_PREFIX },
  { name: 'email', label: 'Email (optional)', type: 'email', autoComplete: 'email', placeholder: 'for a confirmation of your request' },
  { name: 'reason', label: 'Reason' },
];
const FIELDS = ['con_name', 'phNo', 'email', 'reason', 'message', 'is2DTo3D', 'length', 'width', 'height'] as const;

const emptyForm: PrintFormInput = {
  con_name: '',
  phNo: '',
  email: '',
  reason: '3D Printing',
  message: '',
  is2DTo3D: false,
  length: '',
  width: '',
  height: '',
};

/** An STL file the server would refuse: not a valid STL, or larger than the build volume. */
function isRefused(state: StlState | undefined): boolean {
  return state?.status === 'error' || (state?.status === 'ok' && stlSummary(state.info).warning !== null);
}

/**
 * 3D printing request (SPEC.md §2, §3, §5, §8, §9): the customer's details,
 * files added in several picks and removed one by one, the live price, and
 * each STL model measured and previewed in the browser before it is sent.
 */
export function PrintRequestForm() {
  const send = useSubmitPrintRequest();
  const [files, setFiles] = useState<PrintFile[]>([]);
  const [filesError, setFilesError] = useState<string | null>(null);
  const [fileProblems, setFileProblems] = useState<string[]>([]);
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { files: useId(), message: useId(), twoD: useId() };
  const stl = useStlInfos(files);
  const form = useForm({ resolver: zodResolver(PrintRequestFields), defaultValues: emptyForm });
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    setError,
    reset,
    formState: { errors },
  } = form;

  const previewable = files.filter((f) => stl.get(f.id)?.status === 'ok');
  const preview = previewable.find((f) => f.id === previewId) ?? previewable[0];

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(e.target.files ?? []);
    // Cleared so that picking the same file again (after removing it) fires a change.
    e.target.value = '';
    if (picked.length === 0) return;
    const added = addFiles(files, picked);
    setFiles(added.files);
    setFileProblems(added.problems);
    if (added.files.length > 0) setFilesError(null);
  };
  const onRemove = (id: string) => {
    setFiles(removeFile(files, id));
    setFileProblems([]);
    setFilesError(null);
  };

  const clampAll = () => {
    for (const { name } of DIMENSIONS) {
      const text = String(getValues(name) ?? '');
      const clamped = clampDimension(text);
      if (clamped !== text) setValue(name, clamped);
    }
  };

  const sendValid = (fields: PrintRequestFields) => {
    const problem = files.length === 0 ? printMessages.filesRequired : files.some((f) => isRefused(stl.get(f.id))) ? printMessages.fixFiles : null;
    if (problem) {
      setFilesError(problem);
      fileInput.current?.focus();
      return;
    }
    setServerError(null);
    setAnswer(null);
    send.mutate(
      { fields, files: files.map((f) => f.file) },
      {
        onSuccess: (text) => {
          window.alert(text);
          setAnswer(text);
          reset(emptyForm);
          setFiles([]);
          setFileProblems([]);
          setPreviewId(null);
        },
        onError: (error) => {
          window.alert(printMessages.error);
          if (!(error instanceof ApiError)) return;
          setServerError(error.message);
          for (const [name, message] of Object.entries(error.fields ?? {})) {
            if (name === 'files') setFilesError(message);
            else if ((FIELDS as readonly string[]).includes(name)) setError(name as Path<PrintFormInput>, { message });
          }
        },
      },
    );
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    clampAll();
    // Named together with the other fields' errors, not after them.
    if (files.length === 0) setFilesError(printMessages.filesRequired);
    void handleSubmit(sendValid)(e);
  };

  const fileHintId = `${ids.files}-hint`;
  const fileErrorId = `${ids.files}-error`;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="3D printing request" className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormFields fields={DETAILS} form={form} />
        <div className="sm:col-span-2">
          <label htmlFor={ids.message} className="block text-sm font-medium text-slate-800">
            Message
          </label>
          <textarea
            id={ids.message}
            rows={4}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? `${ids.message}-error` : undefined}
            placeholder="What should we print? Material, colour, quantity…"
            className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-slate-900 outline-none placeholder:text-slate-500 focus:ring-3 focus:ring-brand-600 ${errors.message ? 'border-red-600' : 'border-slate-300'}`}
            {...register('message')}
          />
          {errors.message?.message && (
            <p id={`${ids.message}-error`} role="alert" className="mt-1 text-sm text-red-700">
              {errors.message.message}
            </p>
          )}
        </div>
      </div>

      <div className="flex flex-col gap-3">
        <div>
          <label htmlFor={ids.files} className="block text-sm font-medium text-slate-800">
            Files
          </label>
          <input
            ref={fileInput}
            id={ids.files}
            type="file"
            multiple
            accept=".stl"
            onChange={onPick}
            aria-invalid={filesError ? true : undefined}
            aria-describedby={[fileHintId, filesError ? fileErrorId : null].filter(Boolean).join(' ')}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:font-semibold file:text-white hover:file:bg-brand-800 focus-visible:outline-3 focus-visible:outline-brand-600"
          />
          <p id={fileHintId} className="mt-1 text-sm text-slate-600">
            STL models; for 2D to 3D add drawings or photos too (choose “All files” in the picker). Up to {MAX_PRINT_FILES} files,{' '}
            {MAX_PRINT_FILE_BYTES / (1024 * 1024)} MB each. Pick again to add more.
          </p>
          {filesError && (
            <p id={fileErrorId} role="alert" className="mt-1 text-sm text-red-700">
              {filesError}
            </p>
          )}
          {fileProblems.map((p) => (
            <p key={p} role="alert" className="mt-1 text-sm text-red-700">
              {p}
            </p>
          ))}
        </div>
        <PrintFileList files={files} stl={stl} previewId={preview?.id} onPreview={setPreviewId} onRemove={onRemove} />
        {preview && (
          <section aria-label="3D preview" className="max-w-xl">
            <h3 className="mb-2 text-sm font-medium text-slate-800">3D preview: {preview.file.name}</h3>
            <StlPreview key={preview.id} file={preview.file} />
          </section>
        )}
      </div>

      <div>
        <div className="flex items-center gap-2">
          <input id={ids.twoD} type="checkbox" className="size-4 accent-brand-700" aria-describedby={`${ids.twoD}-hint`} {...register('is2DTo3D')} />
          <label htmlFor={ids.twoD} className="font-medium text-slate-800">
            2D to 3D
          </label>
        </div>
        <p id={`${ids.twoD}-hint`} className="mt-1 text-sm text-slate-600">
          Tick when we should model your drawing or photo in 3D first.
        </p>
      </div>

      <fieldset>
        <legend className="text-sm font-medium text-slate-800">
          Print size (optional): 1 to {MAX_PRINT_CM} cm per side; larger values become {MAX_PRINT_CM}.
        </legend>
        <div className="mt-2 grid grid-cols-3 gap-3">
          {DIMENSIONS.map(({ name, label }) => (
            <FormField
              key={name}
              label={label}
              type="number"
              inputMode="decimal"
              min={1}
              max={MAX_PRINT_CM}
              step="any"
              error={errors[name]?.message}
              {...register(name, {
                onBlur: (e: { target: { value: string } }) => {
                  const clamped = clampDimension(e.target.value);
                  if (clamped !== e.target.value) setValue(name, clamped);
                },
              })}
            />
          ))}
        </div>
      </fieldset>

      <p className="text-lg text-slate-900" aria-live="polite">
        Estimated price: <strong>{priceText(files)}</strong>
        <span className="block text-sm text-slate-600">₹200.00, plus ₹150.00 for each file that is not an STL model.</span>
      </p>

      {answer && (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm font-medium text-green-700">
          {answer}
        </p>
      )}
      <FormError>{serverError}</FormError>
      <div>
        <button type="submit" disabled={send.isPending} className={primaryButton}>
          {send.isPending ? printMessages.submitting : printMessages.submit}
        </button>
      </div>
    </form>
  );
}
