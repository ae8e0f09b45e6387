import Uppy, { type Meta } from '@uppy/core';
import Dashboard from '@uppy/react/dashboard';
import XHRUpload from '@uppy/xhr-upload';
import { useEffect, useRef, useState } from 'react';
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import './bulk-upload-panel.css';
import { storage } from '@/lib/storage';
import { BULK_RESTRICTIONS, bulkUploadOptions, uploadRefusal } from '../lib/bulk-upload';

type BulkMeta = Meta & { section_Id: number; contentType: string };
type BulkBody = Record<string, unknown>;

/** SPEC §2.13: the panel is as wide as its section and 300 px high. */
const PANEL_HEIGHT = 300;

export type BulkUploadOutcome = { uploaded: number; failed: number; firstError: string | null };

type BulkUploadPanelProps = {
  sectionId: number;
  /** Called once a round of uploads has finished, successful or not. */
  onComplete: (outcome: BulkUploadOutcome) => void;
};

const createUppy = (sectionId: number) => {
  const uppy = new Uppy<BulkMeta, BulkBody>({
    id: `bulk-upload-${sectionId}`,
    autoProceed: true,
    restrictions: BULK_RESTRICTIONS,
    meta: { section_Id: sectionId, contentType: '' },
  });
  uppy.use(XHRUpload<BulkMeta, BulkBody>, {
    ...bulkUploadOptions(storage.get('authToken') ?? ''),
    // A refused file (413, 415) fails with the server's own words rather than the status text.
    onAfterResponse: (xhr) => {
      const refusal = uploadRefusal(xhr);
      if (refusal) throw new Error(refusal);
    },
  });
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

  useEffect(() => {
    const instance = createUppy(sectionId);
    instance.on('complete', (result) => {
      const failed = result.failed ?? [];
      onCompleteRef.current({
        uploaded: result.successful?.length ?? 0,
        failed: failed.length,
        firstError: failed.find((file) => file.error)?.error ?? null,
      });
    });
    setUppy(instance);
    return () => instance.destroy();
  }, [sectionId]);

  if (!uppy) return <div style={{ height: PANEL_HEIGHT }} className="w-full rounded-xl bg-slate-50" />;
  return (
    <Dashboard
      uppy={uppy}
      width="100%"
      height={PANEL_HEIGHT}
      proudlyDisplayPoweredByUppy={false}
      // Thumbnails first, so none is still queued when the finished panel closes.
      waitForThumbnailsBeforeUpload
      note="Images, videos and PDF files; up to 10 at a time."
      theme="light"
    />
  );
};

export default BulkUploadPanel;
