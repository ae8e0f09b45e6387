import type { BroadcastPreview } from '@skillwise/contracts';
import '@/components/ui/lesson-prose.css';
import { useT } from '@/lib/i18n/use-t';

/** A preview, with the formatted body as the server sanitized it. */
export type ShownPreview = BroadcastPreview & { bodyHtml: string | null };

/**
 * The message as its students read it: the sanitized body (the app's CSP keeps the mail's own inline
 * styles out of the page, so its frame is not drawn here; Send test to me shows it whole), then the
 * footer with the unsubscribe link.
 */
export const PreviewPanel = ({ preview }: { preview: ShownPreview }) => {
  const t = useT();
  const [, footer = ''] = preview.text.split(/\n-- \n/);
  return (
    <section
      aria-label={t('admin.broadcasts.preview')}
      className="mt-6 flex flex-col gap-2 border-t border-slate-100 pt-4"
    >
      <h3 className="text-sm font-semibold text-slate-900">
        {t('admin.broadcasts.previewTo', { count: preview.recipients })}
      </h3>
      <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <p className="text-sm break-words">
          <span className="text-slate-500">{t('admin.broadcasts.subjectLabel')} </span>
          <span className="font-semibold text-slate-900">{preview.subject}</span>
        </p>
        {preview.bodyHtml === null ? (
          <p className="text-sm break-words whitespace-pre-wrap text-slate-800">
            {preview.text.split(/\n-- \n/)[0]}
          </p>
        ) : (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server's allow-list on every save (MESSAGE_HTML_RULES, apps/api/src/lib/lesson-html.ts)
          <div className="lesson-prose break-words" dangerouslySetInnerHTML={{ __html: preview.bodyHtml }} />
        )}
        <p className="border-t border-slate-100 pt-3 text-xs wrap-anywhere whitespace-pre-wrap text-slate-500">
          {footer}
        </p>
      </div>
    </section>
  );
};
