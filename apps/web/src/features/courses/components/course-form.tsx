import {
  type Author,
  type Category,
  COUNTER_LONG,
  COUNTER_SHORT,
  type CourseDetail,
} from '@skillwise/contracts';
import { type ComponentProps, type ComponentType, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { ChoiceField } from '@/components/ui/choice-field';
import { Field, SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { PlusIcon } from '@/components/ui/icons';
import { FileInput } from '@/components/ui/input';
import { SearchInput } from '@/components/ui/search-input';
import { LoadingBlock } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { useObjectUrl } from '@/lib/use-object-url';
import { useAdminCourse, usePriceTypes, useSaveCourse } from '../api/course-admin';
import {
  COURSE_FIELD_LABELS,
  type CourseFormValues,
  courseFormErrors,
  EMPTY_COURSE,
  isFreePriceType,
  missingCourseFields,
  toCourseInput,
  valuesFromCourse,
} from '../lib/course-form';

/**
 * A list the form picks from, loaded by another feature and handed in by the route: one page of it
 * (DESIGN 10), how many there are, and a server search for when they do not fit one page.
 */
export type OptionList<T> = {
  items: T[];
  isLoading: boolean;
  error: unknown;
  total?: number;
  searchText?: string;
  onSearch?: (text: string) => void;
};

/** Whether a list needs its search box: more rows than one answer holds, or a search already typed. */
const needsSearch = (list: OptionList<unknown>): boolean =>
  list.onSearch !== undefined && (Boolean(list.searchText) || (list.total ?? 0) > list.items.length);

/** The option a course already has, shown even when it is not on the page of options loaded. */
type CurrentOption = { value: string; label: string };

const withCurrent = (
  options: Array<{ value: number; label: string }>,
  current: CurrentOption | undefined,
): Array<{ value: number | string; label: string }> =>
  current && current.value !== '' && !options.some((option) => String(option.value) === current.value)
    ? [{ value: current.value, label: current.label }, ...options]
    : options;

type PickerFieldProps = {
  list: OptionList<unknown>;
  /** The search box's label, shown when the list does not fit one answer. */
  searchLabel: string;
  label: string;
  name: string;
  /** The empty option's text, 'Loading...' while the list loads. */
  placeholder: string;
  options: Array<{ value: number | string; label: string }>;
  /** `form.field(...)` of the chosen id. */
  field: Pick<ComponentProps<typeof SelectField>, 'value' | 'onChange' | 'onBlur' | 'error' | 'aria-invalid'>;
  /** The button that creates a record in a dialog. */
  addLabel: string;
  onAdd: () => void;
};

/** A record the course is linked to: a search when the list is long, its select, and a button to add one. */
const PickerField = ({
  list,
  searchLabel,
  label,
  name,
  placeholder,
  options,
  field,
  addLabel,
  onAdd,
}: PickerFieldProps) => {
  const t = useT();
  return (
    <div className="flex min-w-0 flex-col gap-2">
      {needsSearch(list) ? (
        <SearchInput
          label={searchLabel}
          value={list.searchText ?? ''}
          onChange={(text) => list.onSearch?.(text)}
        />
      ) : null}
      <SelectField
        label={label}
        name={name}
        required
        placeholder={list.isLoading ? t('admin.courses.form.loading') : placeholder}
        options={options}
        {...field}
      />
      <Button
        variant="ghost"
        size="sm"
        className="h-auto min-h-9 self-start py-1.5 text-start whitespace-normal"
        leftIcon={<PlusIcon className="size-4" />}
        onClick={onAdd}
      >
        {addLabel}
      </Button>
    </div>
  );
};

/** A dialog that creates one record and hands it back (the category and author modals). */
export type CreateDialog<T> = ComponentType<{
  open: boolean;
  onClose: () => void;
  onCreated: (created: T) => void;
}>;

type CourseFormProps = {
  /** The stored course id: edit mode when set (SPEC §4). */
  courseId: number | null;
  categories: OptionList<Category>;
  authors: OptionList<Author>;
  /** In edit mode, the course's category when the route found it outside the page of options. */
  currentCategory?: Category | undefined;
  CreateCategoryDialog: CreateDialog<Category>;
  AddAuthorDialog: CreateDialog<Author>;
  onSaved: (course: CourseDetail) => void;
  onCancel: () => void;
};

const withCreated = <T,>(items: T[], created: T[], idOf: (item: T) => number): T[] => [
  ...items,
  ...created.filter((extra) => !items.some((item) => idOf(item) === idOf(extra))),
];

type FormBodyProps = Omit<CourseFormProps, 'courseId'> & {
  courseId: number | null;
  initial: CourseFormValues;
  /** In edit mode, the course's author as the course names it. */
  currentAuthor?: CurrentOption;
};

const CourseFormBody = ({
  courseId,
  initial,
  categories,
  authors,
  currentCategory,
  currentAuthor,
  CreateCategoryDialog,
  AddAuthorDialog,
  onSaved,
  onCancel,
}: FormBodyProps) => {
  const t = useT();
  const isEditing = courseId !== null;
  const form = useForm({
    initial,
    validate: (values) => courseFormErrors(values, isEditing),
    serverFields: {
      title: 'Object.course_title',
      description: 'Object.course_description',
      priceTypeId: 'Object.price_type_Id',
      price: 'Object.price',
      categoryId: 'Object.category_id',
      authorId: 'Object.author_id',
      cover: 'fileName',
    },
  });
  const { values } = form;
  const [dialog, setDialog] = useState<'category' | 'author' | null>(null);
  const [createdCategories, setCreatedCategories] = useState<Category[]>([]);
  const [createdAuthors, setCreatedAuthors] = useState<Author[]>([]);
  const priceTypes = usePriceTypes();
  const save = useSaveCourse(courseId);
  const preview = useObjectUrl(values.cover);

  const categoryOptions = withCurrent(
    withCreated(categories.items, createdCategories, (c) => c.category_Id).map((c) => ({
      value: c.category_Id,
      label: c.category_name,
    })),
    values.categoryId === initial.categoryId && currentCategory
      ? { value: String(currentCategory.category_Id), label: currentCategory.category_name }
      : undefined,
  );
  const authorOptions = withCurrent(
    withCreated(authors.items, createdAuthors, (a) => a.author_id).map((a) => ({
      value: a.author_id,
      label: `${a.first_name} ${a.last_name}`.trim(),
    })),
    values.authorId === initial.authorId ? currentAuthor : undefined,
  );
  const priceTypeOptions = (priceTypes.data ?? []).map((type) => ({
    value: type.price_type_Id,
    label: type.price_type_name,
  }));
  const chosenPriceType = priceTypes.data?.find((type) => String(type.price_type_Id) === values.priceTypeId);
  const isFree = isFreePriceType(chosenPriceType?.price_type_name);

  const missing =
    form.problem === t('common.msg.allFieldsRequired') ? missingCourseFields(values, isEditing) : [];

  const onPriceTypeChange = (value: string) => {
    const type = priceTypes.data?.find((candidate) => String(candidate.price_type_Id) === value);
    form.setValue('priceTypeId', value);
    // A free course costs nothing; the price field stays in the form as the spec shows it.
    if (isFreePriceType(type?.price_type_name)) form.setValue('price', '0');
  };

  const onSubmit = form.handleSubmit(async (checked) => {
    const course = await save.mutateAsync(toCourseInput(checked));
    notify.success(isEditing ? t('admin.courses.form.updated') : t('admin.courses.form.created'));
    onSaved(course);
  });

  const failed = form.failureMessage(t('admin.courses.form.saveFailed'));
  const listProblem = [categories, authors].find((list) => list.error)?.error;

  return (
    <Card className="max-w-4xl p-5 sm:p-8">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        <TextField
          label={t('admin.courses.form.title')}
          name="course_title"
          required
          counterMax={COUNTER_SHORT}
          maxLength={COUNTER_SHORT}
          placeholder={t('admin.courses.form.titlePlaceholder')}
          {...form.field('title')}
        />
        <TextAreaField
          label={t('admin.courses.form.description')}
          name="course_description"
          required
          counterMax={COUNTER_LONG}
          rows={5}
          placeholder={t('admin.courses.form.descriptionPlaceholder')}
          {...form.field('description')}
        />
        <div className="grid gap-6 sm:grid-cols-2">
          <SelectField
            label={t('admin.courses.form.priceType')}
            name="price_type_Id"
            required
            placeholder={
              priceTypes.isPending ? t('admin.courses.form.loading') : t('admin.courses.form.selectPriceType')
            }
            options={priceTypeOptions}
            {...form.field('priceTypeId')}
            onChange={(event) => onPriceTypeChange(event.target.value)}
          />
          <TextField
            label={t('admin.courses.form.price')}
            name="price"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            required
            placeholder="19.99"
            readOnly={isFree}
            hint={isFree ? t('admin.courses.form.freeHint') : undefined}
            {...form.field('price')}
          />
        </div>
        <div className="grid gap-6 sm:grid-cols-2">
          <PickerField
            list={categories}
            searchLabel={t('admin.courses.form.findCategory')}
            label={t('admin.courses.form.category')}
            name="category_id"
            placeholder={t('admin.courses.form.selectCategory')}
            options={categoryOptions}
            field={form.field('categoryId')}
            addLabel={t('admin.courses.form.createCategory')}
            onAdd={() => setDialog('category')}
          />
          <PickerField
            list={authors}
            searchLabel={t('admin.courses.form.findAuthor')}
            label={t('admin.courses.form.author')}
            name="author_id"
            placeholder={t('admin.courses.form.selectAuthor')}
            options={authorOptions}
            field={form.field('authorId')}
            addLabel={t('admin.courses.form.addAuthor')}
            onAdd={() => setDialog('author')}
          />
        </div>
        <Field
          label={t('admin.courses.form.cover')}
          hint={isEditing ? t('admin.courses.form.coverHintEdit') : t('admin.courses.form.coverHint')}
          error={form.error('cover')}
        >
          {(control) => (
            <div className="flex flex-col gap-3">
              <FileInput
                {...control}
                name="fileName"
                accept="image/*"
                required={!isEditing}
                aria-invalid={control['aria-invalid'] ?? form.isInvalid('cover')}
                onChange={(event) => form.setValue('cover', event.target.files?.[0] ?? null)}
              />
              {preview ? (
                <img
                  src={preview}
                  alt={t('admin.courses.form.chosenCover')}
                  className="aspect-video w-full max-w-sm rounded-xl border border-slate-200 object-cover"
                />
              ) : null}
            </div>
          )}
        </Field>
        <ChoiceField
          legend={t('admin.courses.form.certificate')}
          name="certificate"
          value={values.certificate}
          options={[
            { value: 'true', label: t('admin.courses.yes') },
            { value: 'false', label: t('admin.courses.no') },
          ]}
          onChange={(value) => form.setValue('certificate', value)}
        />
        <CheckboxField
          label={t('admin.courses.form.lessonsInOrder')}
          hint={t('admin.courses.form.lessonsInOrderHint')}
          checked={values.lessonsInOrder}
          onChange={(checked) => form.setValue('lessonsInOrder', checked)}
        />
        {listProblem ? <Alert>{errorMessage(listProblem, t('admin.courses.form.listsFailed'))}</Alert> : null}
        {form.problem ? (
          <Alert>
            <span className="block">{form.problem}</span>
            {missing.length > 0 ? (
              <span className="mt-1 block font-normal">
                {t('admin.courses.form.missing', {
                  fields: missing
                    .map((field) => t(COURSE_FIELD_LABELS[field]))
                    .join(t('admin.courses.form.listSeparator')),
                })}
              </span>
            ) : null}
          </Alert>
        ) : null}
        {failed ? <Alert>{failed}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-6 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel} disabled={form.isSubmitting}>
            {t('admin.courses.cancel')}
          </Button>
          <Button type="submit" isLoading={form.isSubmitting} loadingText={t('admin.courses.form.saving')}>
            {isEditing ? t('admin.courses.form.update') : t('admin.courses.create')}
          </Button>
        </div>
      </form>
      <CreateCategoryDialog
        open={dialog === 'category'}
        onClose={() => setDialog(null)}
        onCreated={(category) => {
          setCreatedCategories((list) => [...list, category]);
          form.setValue('categoryId', String(category.category_Id));
        }}
      />
      <AddAuthorDialog
        open={dialog === 'author'}
        onClose={() => setDialog(null)}
        onCreated={(author) => {
          setCreatedAuthors((list) => [...list, author]);
          form.setValue('authorId', String(author.author_id));
        }}
      />
    </Card>
  );
};

/**
 * SPEC §2.13 Create/Edit course form: create mode without a stored course id, edit mode (prefilled
 * from the course) with one. The category and author lists and their modals come from their features.
 */
export const CourseForm = (props: CourseFormProps) => {
  const t = useT();
  const course = useAdminCourse(props.courseId);
  if (props.courseId === null) return <CourseFormBody {...props} initial={EMPTY_COURSE} />;
  if (course.isPending) return <LoadingBlock label={t('admin.courses.loadingOne')} />;
  if (course.isError) {
    return <Alert>{errorMessage(course.error, t('admin.courses.loadOneFailed'))}</Alert>;
  }
  const { author_id, first_name, last_name } = course.data;
  return (
    <CourseFormBody
      key={course.data.course_Id}
      {...props}
      initial={valuesFromCourse(course.data)}
      currentAuthor={{ value: String(author_id), label: `${first_name} ${last_name}`.trim() }}
    />
  );
};
