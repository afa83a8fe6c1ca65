import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { showErrorToast } from '@/lib/notify';
import { downloadProductsCsv, type ProductListParams } from '../api/product-queries';

/** Downloads the list's products (its status and search) as CSV in Shopify's product layout. */
export const ExportProductsButton = (params: ProductListParams) => {
  const [isExporting, setIsExporting] = useState(false);
  const handleExport = async () => {
    setIsExporting(true);
    try {
      await downloadProductsCsv(params);
    } catch {
      showErrorToast('The products could not be exported. Try again.');
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
