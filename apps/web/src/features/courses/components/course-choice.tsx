import { PAGE_SIZE_MAX } from '@skillwise/contracts';
import { useState } from 'react';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { SearchInput } from '@/components/ui/search-input';
import { formatCount } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { useDebouncedValue } from '@/lib/paging';
import { storage } from '@/lib/storage';
import { useOrganisationCourses } from '../api/courses';

/** The school's courses to choose from: one page of the largest size, searched on the server past that. */
export const CourseChoice = ({
  chosen,
  onChoose,
  legend,
}: {
  chosen: readonly number[];
  /** What the list is, as assistive technology reads it. */
  legend?: string;
  onChoose: (courseId: number, isChosen: boolean) => void;
}) => {
  const t = useT();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const courses = useOrganisationCourses(storage.get('orgId') ?? '', {
    page: 1,
    pageSize: PAGE_SIZE_MAX,
    search,
  });
  const rows = courses.data?.rows ?? [];
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">{legend ?? t('admin.courses.choice.legend')}</legend>
      {(courses.data?.total ?? 0) > PAGE_SIZE_MAX || search !== '' ? (
        <SearchInput label={t('admin.courses.choice.search')} value={searchText} onChange={setSearchText} />
      ) : null}
      {courses.isPending ? (
        <p className="text-sm text-slate-500">{t('admin.courses.choice.loading')}</p>
      ) : courses.isError ? (
        <p className="text-sm text-rose-600">{t('admin.courses.choice.loadFailed')}</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-500">
          {search === '' ? t('admin.courses.choice.none') : t('admin.courses.choice.noMatch')}
        </p>
      ) : (
        <div className="grid max-h-60 gap-2 overflow-y-auto sm:grid-cols-2">
          {rows.map((course) => (
            <CheckboxField
              key={course.course_Id}
              label={course.course_title}
              checked={chosen.includes(course.course_Id)}
              onChange={(isChosen) => onChoose(course.course_Id, isChosen)}
            />
          ))}
        </div>
      )}
      <p className="text-xs text-slate-500">
        {t('admin.courses.choice.chosen', { count: chosen.length, n: formatCount(chosen.length) })}
      </p>
    </fieldset>
  );
};
