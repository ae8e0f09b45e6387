import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { downloadCsv } from '@/lib/csv';
import { useT } from '@/lib/i18n/use-t';
import { notify } from '@/lib/toast';
import { Button } from './button';
import { DownloadIcon } from './icons';

type ExportCsvButtonProps = {
  /** Reads every row to export (all pages) and answers the CSV. */
  csv: () => Promise<string>;
  fileName: () => string;
  /** Said in a toast when the rows cannot be read. */
  errorText: string;
  disabled?: boolean;
};

/** Export CSV: reads the rows, then hands the file to the browser; "Exporting..." meanwhile. */
export const ExportCsvButton = ({ csv, fileName, errorText, disabled }: ExportCsvButtonProps) => {
  const t = useT();
  const [isExporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      downloadCsv(await csv(), fileName());
    } catch (error) {
      notify.error(errorMessage(error, errorText));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button
      variant="outline"
      leftIcon={<DownloadIcon className="size-4" />}
      disabled={disabled}
      isLoading={isExporting}
      loadingText={t('common.ui.exporting')}
      onClick={() => void exportCsv()}
    >
      {t('common.ui.exportCsv')}
    </Button>
  );
};
