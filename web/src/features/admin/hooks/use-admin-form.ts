import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { reportSaveFailure } from '../lib/admin-fetch';

/**
 * An admin form checked with `schema` (the one the server checks with). Its submit runs `save`
 * (which sends, says so in a toast and moves on); when that throws, a toast says `failed` with the
 * reason and the server's errors for `fields` show under those fields. `values` keeps the form in
 * step with data that may change; `defaultValues` fills it once.
 */
export function useAdminForm<In extends FieldValues, Out = In>({
  schema,
  defaultValues,
  values,
  fields,
  failed,
  save,
}: {
  schema: z.ZodType<Out, In>;
  defaultValues?: DefaultValues<In>;
  values?: In;
  fields: readonly Path<In>[];
  failed: string;
  save: (values: Out, form: UseFormReturn<In, unknown, Out>) => Promise<void>;
}) {
  const form = useForm<In, unknown, Out>({ resolver: zodResolver(schema), defaultValues, values });
  const onSubmit = form.handleSubmit(async (submitted) => {
    try {
      await save(submitted, form);
    } catch (error) {
      reportSaveFailure(error, failed, fields, form.setError);
    }
  });
  return { ...form, errors: form.formState.errors, isSubmitting: form.formState.isSubmitting, onSubmit };
}
