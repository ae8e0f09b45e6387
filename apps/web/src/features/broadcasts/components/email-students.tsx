import { PAGE_SIZE_MAX } from '@skillwise/contracts';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/titled-card';
import { useOrganisationCourses } from '@/features/courses';
import { formatCount } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { storage } from '@/lib/storage';
import { useBroadcastAllowance } from '../api/broadcasts';
import { useBroadcastDraft } from '../hooks/use-broadcast-draft';
import { MessageForm } from './message-form';
import { MessagesCard } from './messages-card';
import { PreviewPanel } from './preview-panel';

/**
 * My Students' Email Students (docs/decisions/036): a message to all the school's students, a course's,
 * or those added but not enrolled, in plain text or simple formatting; Preview, Send test to me, Send now
 * or Schedule; and the school's messages with their counts. A screen of its own, so a draft is never
 * lost to a click beside it; it is saved before each of those actions.
 */
export const EmailStudents = () => {
  const t = useT();
  const draft = useBroadcastDraft();
  const allowance = useBroadcastAllowance();
  const courses = useOrganisationCourses(storage.get('orgId') ?? '', { page: 1, pageSize: PAGE_SIZE_MAX });
  const usage = allowance.data;

  return (
    <div className="flex flex-col gap-6">
      <TitledCard
        title={t(draft.draftId === null ? 'admin.broadcasts.newMessage' : 'admin.broadcasts.editMessage')}
        description={
          usage
            ? usage.limit === null
              ? t('admin.broadcasts.usageUnlimited', {
                  plan: usage.plan ?? '',
                  used: formatCount(usage.used),
                })
              : t('admin.broadcasts.usageLimited', {
                  plan: usage.plan ?? '',
                  used: formatCount(usage.used),
                  limit: formatCount(usage.limit),
                  remaining: formatCount(usage.remaining ?? 0),
                })
            : t('admin.broadcasts.optedOutLeftOut')
        }
        actions={
          draft.draftId === null ? null : (
            <Button variant="outline" onClick={draft.startNew}>
              {t('admin.broadcasts.newMessage')}
            </Button>
          )
        }
      >
        <MessageForm draft={draft} courses={courses.data?.rows ?? []} />
        {draft.preview ? <PreviewPanel preview={draft.preview} /> : null}
      </TitledCard>
      <MessagesCard
        onOpen={(message) => {
          draft.edit(message);
          window.scrollTo({ top: 0 });
        }}
      />
    </div>
  );
};
