import type { ReactNode } from 'react';
import { DataList, type DataListProps } from '@/components/ui/data-list';
import { useT } from '@/lib/i18n/use-t';
import { CourseGridSkeleton, GRID_CLASSES } from './course-grid';

const GRID_ITEM = { className: 'grid' };

type CourseCardListProps<Row> = Omit<
  DataListProps<Row>,
  | 'label'
  | 'rowKey'
  | 'columns'
  | 'item'
  | 'itemProps'
  | 'variant'
  | 'listClassName'
  | 'loadingLabel'
  | 'placeholder'
> & {
  card: (course: Row) => ReactNode;
  /** How many grey cards stand in while the first page loads. */
  skeletons?: number;
};

/** A server-paged grid of course cards (DataList): grey cards while the first page loads. */
export const CourseCardList = <Row extends { course_Id: number }>({
  card,
  skeletons,
  ...list
}: CourseCardListProps<Row>) => {
  const t = useT();
  return (
    <DataList
      {...list}
      label={t('site.courses.list.label')}
      rowKey={(course) => course.course_Id}
      item={card}
      // A single-cell grid: the card fills its item, so the cards of a row are as tall as each other.
      itemProps={() => GRID_ITEM}
      variant="bare"
      listClassName={GRID_CLASSES}
      loadingLabel={t('site.courses.loading')}
      placeholder={<CourseGridSkeleton count={skeletons} />}
    />
  );
};
