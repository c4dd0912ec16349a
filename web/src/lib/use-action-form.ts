import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/**
 * A form checked with `schema` (the one the server checks with) whose submit runs `action`; when the
 * action fails, `describe` puts the failure in words and the form shows them (`error`).
 */
export function useActionForm<T extends FieldValues>(
  schema: z.ZodType<T, T>,
  defaultValues: DefaultValues<T>,
  action: (values: T) => Promise<void>,
  describe: (error: unknown) => string,
) {
  const form = useForm<T, unknown, T>({ resolver: zodResolver(schema), defaultValues });
  const [error, setError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await action(values);
    } catch (e) {
      setError(describe(e));
    }
  });
  return { form, onSubmit, error, setError };
}
