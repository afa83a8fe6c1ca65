import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { showErrorToast } from '@/lib/notify';
import { downloadCustomersCsv, type CustomerListParams } from '../api/order-queries';

/** Downloads the customers the list shows (its search, every page, its sort) as CSV. */
export const ExportCustomersButton = (params: CustomerListParams) => {
  const [isExporting, setIsExporting] = useState(false);
  const handleExport = async () => {
    setIsExporting(true);
    try {
      await downloadCustomersCsv(params);
    } catch {
      showErrorToast('The customers could not be exported. Try again.');
    } finally {
      setIsExporting(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={isExporting}
      onClick={() => void handleExport()}
    >
      Export CSV
    </Button>
  );
};
