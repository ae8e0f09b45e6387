import Uppy, { type Meta } from '@uppy/core';
import Dashboard from '@uppy/react/dashboard';
import Tus, { type TusBody } from '@uppy/tus';
import { useEffect, useRef, useState } from 'react';
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import './bulk-upload-panel.css';
import { UploadNotice } from '@/components/ui/upload-progress';
import { failureLink, type MessageLink } from '@/lib/message-link';
import { storage } from '@/lib/storage';
import { useUploadProgress } from '../hooks/use-upload-progress';
import { BULK_RESTRICTIONS, bulkLimitsNote } from '../lib/bulk-upload';
import {
  BULK_META_FIELDS,
  reportUploads,
  tusApiError,
  tusRefusal,
  tusUploadOptions,
} from '../lib/resumable-upload';
import type { UploadListener } from '../lib/upload-progress';

type BulkMeta = Meta & { section_Id: number; contentType: string };
type BulkBody = TusBody;

/** SPEC §2.13: the panel is as wide as its section and 300 px high. */
const PANEL_HEIGHT = 300;

export type BulkUploadOutcome = {
  uploaded: number;
  failed: number;
  firstError: string | null;
  /** Where a refusal of this round leads (a plan's storage limit: Plan & billing), if one does. */
  link?: MessageLink | undefined;
};

type BulkUploadPanelProps = {
  sectionId: number;
  /** Called once a round of uploads has finished, successful or not. */
  onComplete: (outcome: BulkUploadOutcome) => void;
};

const createUppy = (
  sectionId: number,
  onSignal: UploadListener,
  onRefused: (link: MessageLink | undefined) => void,
) => {
  const uppy = new Uppy<BulkMeta, BulkBody>({
    id: `bulk-upload-${sectionId}`,
    autoProceed: true,
    restrictions: BULK_RESTRICTIONS,
    meta: { section_Id: sectionId, contentType: '' },
  });
  // Resumable (tus): a file cut off by the network carries on where it stopped, also after a reload
  // when the same file is added to the same section again.
  uppy.use(Tus<BulkMeta, BulkBody>, {
    ...tusUploadOptions(storage.get('authToken') ?? '', BULK_META_FIELDS, onSignal),
    // A refused file (413, 415) fails with the server's own words rather than the protocol's.
    onError: (error) => {
      const refusal = tusRefusal(error);
      if (refusal) error.message = refusal;
      onRefused(failureLink(tusApiError(error)));
    },
  });
  // The dashboard shows the bytes and the time left; the panel says what the connection does.
  uppy.on('upload', () => onSignal({ type: 'start', total: 0 }));
  reportUploads(uppy, onSignal);
  // SPEC §3: a bulk-uploaded lesson keeps the file's MIME type as its content type.
  uppy.on('file-added', (file) =>
    uppy.setFileMeta(file.id, { section_Id: sectionId, contentType: file.type }),
  );
  return uppy;
};

/**
 * SPEC §2.13 bulk upload: drop, browse or paste up to 10 files; each starts uploading on its own and
 * becomes a lesson named after the file. Loaded on demand, so Uppy stays out of the main bundle.
 */
const BulkUploadPanel = ({ sectionId, onComplete }: BulkUploadPanelProps) => {
  const [uppy, setUppy] = useState<Uppy<BulkMeta, BulkBody> | null>(null);
  const onCompleteRef = useRef(onComplete);
  onCompleteRef.current = onComplete;
  const { progress, track } = useUploadProgress();

  useEffect(() => {
    // The first way on a refusal of this round offers, told with the round's outcome.
    let link: MessageLink | undefined;
    const instance = createUppy(sectionId, track, (found) => {
      link ??= found;
    });
    instance.on('complete', (result) => {
      const failed = result.failed ?? [];
      onCompleteRef.current({
        uploaded: result.successful?.length ?? 0,
        failed: failed.length,
        firstError: failed.find((file) => file.error)?.error ?? null,
        link,
      });
      link = undefined;
    });
    setUppy(instance);
    return () => instance.destroy();
  }, [sectionId, track]);

  if (!uppy) return <div style={{ height: PANEL_HEIGHT }} className="w-full rounded-xl bg-slate-50" />;
  return (
    <div className="flex flex-col gap-1.5">
      <Dashboard
        uppy={uppy}
        width="100%"
        height={PANEL_HEIGHT}
        proudlyDisplayPoweredByUppy={false}
        // Thumbnails first, so none is still queued when the finished panel closes.
        waitForThumbnailsBeforeUpload
        note={bulkLimitsNote()}
        theme="light"
      />
      {progress ? <UploadNotice notice={progress.notice} isWaiting={progress.isWaiting} /> : null}
    </div>
  );
};

export default BulkUploadPanel;
