import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { PostalAddress } from '@atelier/contract/sales/order';

/** US Letter: 8.5 × 11 in, 612 × 792 PDF points (72 per inch). */
export const PACKING_SLIP_WIDTH_PT = 612;
export const PACKING_SLIP_HEIGHT_PT = 792;

export type PackingSlipLine = {
  sku: string | null;
  /** The product title, with the variant's after " – " when it has one. */
  title: string;
  /** Units ordered. */
  quantity: number;
  /** Units ordered and not canceled: what goes in the carton. */
  openQuantity: number;
};

export type PackingSlipInput = {
  storeName: string;
  /** The order's name: "#1001", "R1001", "W1001". */
  orderName: string;
  /** The day the order was placed, as printed ("Nov 23, 2026"). */
  orderDate: string;
  shipTo: PostalAddress | null;
  /** A wholesale order's requirements; null for any other order. */
  wholesale: {
    purchaseOrderNumber: string | null;
    shipWindowStart: string | null;
    shipWindowEnd: string | null;
    isCartonLabelRequired: boolean;
    isPalletized: boolean;
    attachmentNames: string[];
  } | null;
  lines: PackingSlipLine[];
  instructions: string | null;
};

/** Helvetica's WinAnsi has no CJK or emoji: any such character prints as "?". */
const printable = (text: string) =>
  text
    .normalize('NFC')
    .replace(/[^\u0020-\u007E\u00A0-\u00FF\u2013\u2014\u2018-\u201D\u2026]/g, '?');

/** `text` cut to fit `width` at `size`, with an ellipsis when cut. */
const clipped = (font: PDFFont, text: string, size: number, width: number) => {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 0 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
};

/** `text`'s paragraphs, printable, broken into lines no wider than `width` (long words cut). */
const wrapped = (font: PDFFont, text: string, size: number, width: number): string[] =>
  text.split(/\r?\n/).flatMap((paragraph) => {
    const lines: string[] = [];
    let current = '';
    for (const word of printable(paragraph).split(/\s+/).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) current = candidate;
      else {
        if (current) lines.push(current);
        current = clipped(font, word, size, width);
      }
    }
    lines.push(current);
    return lines;
  });

const addressLines = (address: PostalAddress): string[] =>
  [
    address.name,
    address.company,
    address.line1,
    address.line2,
    [address.city, [address.stateCode, address.postalCode].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', '),
    address.countryCode === 'US' ? null : address.countryCode,
    address.phone,
  ].flatMap((line) => (line ? [line] : []));

/** "Ship window: 2026-12-01 to 2026-12-10", "… from 2026-12-01", "… by 2026-12-10", or ''. */
const shipWindowText = (start: string | null, end: string | null) => {
  if (start && end) return `Ship window: ${start} to ${end}`;
  if (start) return `Ship window: from ${start}`;
  return end ? `Ship window: by ${end}` : '';
};

const MARGIN = 54;
const INNER = PACKING_SLIP_WIDTH_PT - 2 * MARGIN;
/** Line table columns: left edges (points from the margin) and widths. */
const COLUMNS = {
  sku: { x: 0, width: 120 },
  title: { x: 128, width: 240 },
  ordered: { x: 376, width: 60 },
  toShip: { x: 444, width: 60 },
};

/**
 * Renders an order's packing slip (issue 15 "attachments (packing slip)") as a US Letter PDF:
 * the store and order number with its date, the ship-to address, a wholesale order's PO number,
 * ship window and carton requirements, one row per line (SKU, title, units ordered, units not
 * canceled) across as many pages as needed, and the instructions. Characters Helvetica cannot
 * print (CJK, emoji) print as "?".
 */
export const renderPackingSlipPdf = async (input: PackingSlipInput): Promise<Uint8Array> => {
  const document = await PDFDocument.create();
  document.setTitle(printable(`Packing slip ${input.orderName}`));
  document.setProducer('Atelier');
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const grey = rgb(0.4, 0.4, 0.4);

  let page: PDFPage = document.addPage([PACKING_SLIP_WIDTH_PT, PACKING_SLIP_HEIGHT_PT]);
  let y = PACKING_SLIP_HEIGHT_PT - MARGIN;
  const text = (value: string, x: number, size: number, font = regular, width = INNER) =>
    page.drawText(clipped(font, printable(value), size, width), {
      x: MARGIN + x,
      y,
      size,
      font,
    });
  const rule = () =>
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: PACKING_SLIP_WIDTH_PT - MARGIN, y },
      thickness: 0.75,
      color: grey,
    });
  /** Moves down `by` points, on a new page when fewer than `need` points are left. */
  const down = (by: number, need = 0) => {
    y -= by;
    if (y - need < MARGIN) {
      page = document.addPage([PACKING_SLIP_WIDTH_PT, PACKING_SLIP_HEIGHT_PT]);
      y = PACKING_SLIP_HEIGHT_PT - MARGIN - by;
      return true;
    }
    return false;
  };

  // Header: store and title on the left, order number and date on the right.
  text(input.storeName, 0, 16, bold, INNER * 0.6);
  text(`Order ${input.orderName}`, INNER * 0.62, 12, bold, INNER * 0.38);
  down(20);
  text('PACKING SLIP', 0, 10, regular, INNER * 0.6);
  text(`Date: ${input.orderDate}`, INNER * 0.62, 10, regular, INNER * 0.38);
  down(14);
  rule();

  // Ship-to and the wholesale requirements side by side.
  down(18);
  const top = y;
  text('SHIP TO', 0, 8, bold);
  for (const line of input.shipTo ? addressLines(input.shipTo) : ['No shipping address']) {
    down(13);
    text(line, 0, 10, regular, INNER * 0.5);
  }
  const leftBottom = y;
  if (input.wholesale) {
    const details = [
      input.wholesale.purchaseOrderNumber
        ? `PO number: ${input.wholesale.purchaseOrderNumber}`
        : '',
      shipWindowText(input.wholesale.shipWindowStart, input.wholesale.shipWindowEnd),
      input.wholesale.isCartonLabelRequired ? 'Carton labels required' : '',
      input.wholesale.isPalletized ? 'Ship on pallets' : '',
      input.wholesale.attachmentNames.length > 0
        ? `Documents: ${input.wholesale.attachmentNames.join(', ')}`
        : '',
    ].filter(Boolean);
    y = top;
    text('WHOLESALE', INNER * 0.55, 8, bold, INNER * 0.45);
    for (const detail of details) {
      down(13);
      text(detail, INNER * 0.55, 10, regular, INNER * 0.45);
    }
  }
  y = Math.min(y, leftBottom);

  // Lines.
  const header = () => {
    text('SKU', COLUMNS.sku.x, 8, bold);
    text('ITEM', COLUMNS.title.x, 8, bold);
    text('ORDERED', COLUMNS.ordered.x, 8, bold);
    text('TO SHIP', COLUMNS.toShip.x, 8, bold);
    down(6);
    rule();
  };
  down(28);
  header();
  for (const line of input.lines) {
    if (down(15, 15)) {
      header();
      down(15);
    }
    text(line.sku ?? '—', COLUMNS.sku.x, 10, regular, COLUMNS.sku.width);
    text(line.title, COLUMNS.title.x, 10, regular, COLUMNS.title.width);
    text(String(line.quantity), COLUMNS.ordered.x, 10, regular, COLUMNS.ordered.width);
    text(String(line.openQuantity), COLUMNS.toShip.x, 10, bold, COLUMNS.toShip.width);
  }
  down(8);
  rule();
  const units = input.lines.reduce((sum, line) => sum + line.openQuantity, 0);
  down(14);
  text(
    `${units.toLocaleString('en-US')} ${units === 1 ? 'unit' : 'units'} to ship`,
    COLUMNS.title.x,
    10,
    bold,
  );

  if (input.instructions) {
    down(28, 13);
    text('INSTRUCTIONS', 0, 8, bold);
    for (const line of wrapped(regular, input.instructions, 10, INNER)) {
      down(13, 0);
      text(line, 0, 10);
    }
  }
  return document.save();
};
