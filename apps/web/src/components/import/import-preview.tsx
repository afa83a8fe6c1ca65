import {
  Alert,
  Button,
  Code,
  Group,
  Radio,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconFileAlert } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import {
  ORDER_IMPORT_MODES as IMPORT_MODES,
  type OrderImportFile,
  type OrderImportMode as ImportMode,
  OrderImportModeSchema as ImportModeSchema,
} from '@atelier/contract/sales/order-import';
import { ImportIssues } from './import-issues';

/** An uploaded import file's preview (orders, products: the same shape). */
export type ImportFilePreview = Omit<OrderImportFile, 'layout'> & { layout: string | null };

const formatFileSize = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
};

/** A scrolled table's viewport takes the focus, so the arrow keys scroll it. */
const KEYBOARD_SCROLL = { tabIndex: 0 };

const modeLabelOf = (mode: ImportMode, things: string) =>
  mode === 'ALL_OR_NOTHING'
    ? 'All or nothing: import nothing if any row has a problem'
    : `Import the valid rows, skip the ${things} with problems`;

/** How each column of the file is read: the field it fills, or not at all. */
const ColumnTable = ({ file }: { file: ImportFilePreview }) => (
  <ScrollArea.Autosize mah={220} type="auto" offsetScrollbars viewportProps={KEYBOARD_SCROLL}>
    <Table verticalSpacing={4} horizontalSpacing="xs" fz="sm" aria-label="Columns of the file">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Column in the file</Table.Th>
          <Table.Th>Imported as</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {file.columns.map((column, index) => (
          <Table.Tr key={`${column.header}-${index}`}>
            <Table.Td style={{ wordBreak: 'break-word' }}>{column.header || '(no name)'}</Table.Td>
            <Table.Td>
              {column.field ? (
                <Code>{column.field}</Code>
              ) : (
                <Text span size="sm" c="dimmed">
                  Not imported
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </ScrollArea.Autosize>
);

/** The first rows as the file writes them, cell by cell, scrolled sideways. */
const SampleRows = ({ file }: { file: ImportFilePreview }) => (
  <ScrollArea type="auto" offsetScrollbars viewportProps={KEYBOARD_SCROLL}>
    <Table
      verticalSpacing={2}
      horizontalSpacing="xs"
      fz="xs"
      withTableBorder
      withColumnBorders
      style={{ whiteSpace: 'nowrap' }}
      aria-label="First rows of the file"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Row</Table.Th>
          {file.columns.map((column, index) => (
            <Table.Th key={`${column.header}-${index}`}>{column.header}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {file.sampleRows.map((cells, rowIndex) => (
          <Table.Tr key={rowIndex}>
            {/* Row 1 is the header, so the first data row is row 2. */}
            <Table.Td c="dimmed">{rowIndex + 2}</Table.Td>
            {cells.map((cell, cellIndex) => (
              <Table.Td
                key={cellIndex}
                maw={240}
                style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}
              >
                {cell}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </ScrollArea>
);

type ImportPreviewProps = {
  file: ImportFilePreview;
  /** The name of each format the file can have. */
  layoutLabels: Readonly<Record<string, string>>;
  /** What a file holds, in the plural ("orders"). */
  things: string;
  /** The import button's words ("Import orders"). */
  importLabel: string;
  /** Settings of this kind of import, shown above the mode (a product import's currency). */
  settings?: ReactNode;
  isStarting: boolean;
  /** Why the import could not start (the server's words), or null. */
  startError: string | null;
  onBack: () => void;
  onStart: (mode: ImportMode) => void;
};

/**
 * Step 2 of an import: the format found, how each column is read, the first rows and their
 * problems, and all or nothing versus the valid rows. A header that fits no format says why
 * (row 1) and cannot be imported.
 */
export const ImportPreview = ({
  file,
  layoutLabels,
  things,
  importLabel,
  settings,
  isStarting,
  startError,
  onBack,
  onStart,
}: ImportPreviewProps) => {
  const [mode, setMode] = useState<ImportMode>('ALL_OR_NOTHING');
  const canImport = file.layout !== null;
  const fileLine = `${file.fileName} · ${formatFileSize(file.sizeBytes)}`;

  return (
    <Stack gap="md">
      {file.layout ? (
        // No title: a teal title on its light background is too faint to read (contrast).
        <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
          <Text size="sm">
            Format found:{' '}
            <Text span fw={700}>
              {layoutLabels[file.layout] ?? file.layout}
            </Text>
          </Text>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
            {fileLine}
          </Text>
        </Alert>
      ) : (
        <Alert
          color="red"
          icon={<IconFileAlert size={18} aria-hidden />}
          title="This file's format is not recognised"
        >
          <Stack gap="xs">
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
              {fileLine}
            </Text>
            <Text size="sm">
              Its header fits none of the formats Atelier reads, so it cannot be imported. Choose
              another file, or save this one as CSV UTF-8 with the columns of a known format.
            </Text>
          </Stack>
        </Alert>
      )}

      {!canImport || file.issues.length > 0 ? (
        <Stack gap="xs">
          <Title order={3} fz="sm">
            {canImport ? 'Problems in the first rows' : 'Why it cannot be imported'}
          </Title>
          <ImportIssues issues={file.issues} label="Problems found in the preview" />
        </Stack>
      ) : null}

      {file.columns.length > 0 ? (
        <Stack gap="xs">
          <Title order={3} fz="sm">
            Columns
          </Title>
          <ColumnTable file={file} />
        </Stack>
      ) : null}

      {file.sampleRows.length > 0 ? (
        <Stack gap="xs">
          <Title order={3} fz="sm">
            First rows
          </Title>
          <SampleRows file={file} />
        </Stack>
      ) : canImport ? (
        <Text size="sm" c="dimmed">
          The file has a header but no rows yet.
        </Text>
      ) : null}

      {canImport ? settings : null}

      {canImport ? (
        <Radio.Group
          label="If some rows have a problem"
          value={mode}
          onChange={(value) => setMode(ImportModeSchema.parse(value))}
        >
          <Stack gap="xs" mt="xs">
            {IMPORT_MODES.map((value) => (
              <Radio key={value} value={value} label={modeLabelOf(value, things)} />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}

      {startError ? (
        <Alert color="red" title="The import could not start" role="alert">
          <Text size="sm">{startError}</Text>
        </Alert>
      ) : null}

      <Group justify="space-between" gap="sm">
        <Button variant="default" onClick={onBack}>
          {canImport ? 'Back' : 'Choose another file'}
        </Button>
        <Button onClick={() => onStart(mode)} loading={isStarting} disabled={!canImport}>
          {importLabel}
        </Button>
      </Group>
    </Stack>
  );
};
