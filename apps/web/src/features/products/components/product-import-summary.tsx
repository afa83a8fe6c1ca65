import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { Job } from '@atelier/contract/jobs/job';
import {
  type ProductImportResult,
  ProductImportResultSchema,
} from '@atelier/contract/sales/product-import';
import { ImportIssues } from '@/components/import/import-issues';

const plural = (count: number, word: string) =>
  `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;

/** The job's counts while it runs: "120 products · 3 updated". */
export const formatProductImportCounts = ({ products = 0, updated = 0 }: Job['counts']) =>
  `${plural(products, 'product')} · ${updated.toLocaleString('en-US')} updated`;

/** The headline of a finished import, also said in a toast when the dialog was closed. */
export const describeProductImport = (result: ProductImportResult): string => {
  if (result.issueCount > 0 && result.mode === 'ALL_OR_NOTHING') {
    return `Nothing was imported: ${plural(result.issueCount, 'row')} ${result.issueCount === 1 ? 'has a problem' : 'have problems'}.`;
  }
  if (result.products === 0 && result.updatedProducts === 0) {
    return result.unchangedProducts > 0
      ? 'Your products already are as this file says: nothing changed.'
      : 'No product was imported.';
  }
  return `${plural(result.products, 'product')} added, ${result.updatedProducts.toLocaleString('en-US')} updated.`;
};

const Figure = ({ value, label }: { value: number; label: string }) => (
  <Paper withBorder radius="md" p="sm">
    <Text fz="xl" fw={700} lh={1.2}>
      {value.toLocaleString('en-US')}
    </Text>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
  </Paper>
);

/**
 * What a completed product import did (its ProductImportResult): products added, updated and
 * left as they were (importing a file again changes nothing), variants, and the problems by row.
 */
export const ProductImportSummary = ({ job }: { job: Job }) => {
  const parsed = ProductImportResultSchema.safeParse(job.result);
  if (!parsed.success) {
    return (
      <Alert color="yellow" title="The import has finished" role="status">
        <Text size="sm">
          Its summary could not be read. The products list shows what was imported.
        </Text>
      </Alert>
    );
  }
  const result = parsed.data;
  const hasIssues = result.issueCount > 0;
  const isNothingImported = hasIssues && result.mode === 'ALL_OR_NOTHING';
  return (
    <Stack gap="md">
      <Alert
        color={isNothingImported ? 'red' : hasIssues ? 'yellow' : 'teal'}
        icon={
          hasIssues ? (
            <IconAlertTriangle size={18} aria-hidden />
          ) : (
            <IconCircleCheck size={18} aria-hidden />
          )
        }
        role={isNothingImported ? 'alert' : 'status'}
      >
        <Stack gap={4}>
          <Text size="sm" fw={700}>
            {describeProductImport(result)}
          </Text>
          {isNothingImported ? (
            <Text size="sm">
              Fix the rows below and import the file again, or import it with “Import the valid
              rows”.
            </Text>
          ) : hasIssues ? (
            <Text size="sm">
              {plural(result.issueCount, 'row')} {result.issueCount === 1 ? 'was' : 'were'} skipped,
              with the products they belong to.
            </Text>
          ) : null}
        </Stack>
      </Alert>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
        <Figure value={result.products} label="Products added" />
        <Figure value={result.updatedProducts} label="Products updated" />
        <Figure value={result.unchangedProducts} label="Already as in the file" />
        <Figure value={result.variants} label="Variants written" />
        <Figure value={result.rows} label="Rows read" />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        Prices were read in {result.currencyCode}.
      </Text>
      {hasIssues ? (
        <Stack gap="xs">
          <Title order={3} fz="sm">
            Problems by row
          </Title>
          <ImportIssues
            issues={result.issues}
            total={result.issueCount}
            label="Problems found in the file"
          />
        </Stack>
      ) : null}
    </Stack>
  );
};
