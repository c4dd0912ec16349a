import type { z } from 'zod';
import { studentMessages } from '@shared/students.schemas';
import { FormField, SubmitButton } from '@/components/ui/form-field';
import { notify } from '@/lib/notify';
import { useAddStudentOfMonth, useStudentOfMonth } from '../api/student-of-month';
import { useAdminForm } from '../hooks/use-admin-form';
import { StudentForm } from '../lib/form-schemas';
import { AdminSection, QueryBody } from './admin-section';
import { FileField, TextAreaField } from './form-controls';
import { Thumbnail } from './thumbnail';

const FIELDS = ['name', 'school', 'details', 'videoId', 'image'] as const;
const EMPTY = { name: '', school: '', details: '', videoId: '', image: undefined };

/** Student of the month (the company site reads it from GET api/studofmonth): the one shown, and a form for the next. */
export function StudentOfMonthSection() {
  const current = useStudentOfMonth();
  const add = useAddStudentOfMonth();
  const { register, errors, isSubmitting, onSubmit } = useAdminForm<z.input<typeof StudentForm>, z.output<typeof StudentForm>>({
    schema: StudentForm,
    defaultValues: EMPTY,
    fields: FIELDS,
    failed: 'Could not add the student of the month',
    save: async ({ image, ...values }, form) => {
      await add.mutateAsync({ ...values, image: image![0]! });
      notify('success', studentMessages.added);
      form.reset(EMPTY);
    },
  });

  return (
    <AdminSection title="Student of the Month">
      <QueryBody query={current} loadingLabel="Loading the student of the month" errorText="Could not load the student of the month.">
        {(student) =>
          student === null ? (
            <p className="ad:text-slate-700">{studentMessages.none}.</p>
          ) : (
            <article
              aria-label="Shown now"
              className="ad:flex ad:max-w-2xl ad:gap-4 ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-4 ad:shadow-sm"
            >
              <Thumbnail path={student.image} alt={`Photo of ${student.name}`} sizes="8rem" className="ad:size-32 ad:shrink-0 ad:object-cover" />
              <div className="ad:min-w-0">
                <h3 className="ad:text-lg ad:font-semibold ad:text-slate-900">{student.name}</h3>
                <p className="ad:text-slate-700">{student.school}</p>
                <p className="ad:mt-2 ad:whitespace-pre-line ad:break-words">{student.details}</p>
                <a
                  className="ad:mt-2 ad:inline-block ad:text-brand-700 ad:underline"
                  href={`https://www.youtube.com/watch?v=${student.videoId}`}
                  target="_blank"
                  rel="noreferrer"
                >
                  Project video
                </a>
              </div>
            </article>
          )
        }
      </QueryBody>
      <form
        onSubmit={onSubmit}
        noValidate
        className="ad:flex ad:max-w-2xl ad:flex-col ad:gap-4 ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-4 ad:shadow-sm"
      >
        <h3 className="ad:font-semibold ad:text-slate-900">Add the next student of the month</h3>
        <FormField label="Student name" error={errors.name?.message} {...register('name')} />
        <FormField label="School" error={errors.school?.message} {...register('school')} />
        <TextAreaField label="Project details" error={errors.details?.message} {...register('details')} />
        <FormField label="YouTube link of the project" inputMode="url" error={errors.videoId?.message} {...register('videoId')} />
        <FileField label="Photo" accept="image/*" error={errors.image?.message} {...register('image')} />
        <div>
          <SubmitButton busy={isSubmitting} label="Add student" busyLabel="Adding..." />
        </div>
      </form>
    </AdminSection>
  );
}
