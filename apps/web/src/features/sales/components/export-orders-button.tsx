import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { showErrorToast } from '@/lib/notify';
import { downloadOrdersCsv, type OrderListParams } from '../api/order-queries';

/**
 * Downloads the list's orders (its tab, search and customer) as CSV in Shopify's orders export
 * layout, which the import reads back.
 */
export const ExportOrdersButton = (params: OrderListParams) => {
  const [isExporting, setIsExporting] = useState(false);
  const handleExport = async () => {
    setIsExporting(true);
    try {
      await downloadOrdersCsv(params);
    } catch {
      showErrorToast('The orders could not be exported. Try again.');
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
