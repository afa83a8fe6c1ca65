import bwipjs from 'bwip-js/node';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { LabelAddress } from '@atelier/contract/fulfillment/shipment';

/** A 4×6 in label: 288 × 432 PDF points (72 per inch). */
export const LABEL_WIDTH_PT = 4 * 72;
export const LABEL_HEIGHT_PT = 6 * 72;

export type LabelDocumentInput = {
  from: LabelAddress;
  to: LabelAddress;
  carrier: string;
  serviceLevel: string;
  trackingNumber: string;
  /** The parcel's weight as shown ("2 lb"). */
  weightText: string;
  /** The shipment's number, e.g. SHP-000012. */
  reference: string;
  /** A line across the label, e.g. that a local label is not valid with a carrier. */
  banner?: string;
  /** ISO 8601 date printed as the ship date. */
  shipDate: string;
};

/** Helvetica's WinAnsi has no CJK or emoji: any such character prints as "?". */
const printable = (text: string) =>
  text.normalize('NFC').replace(/[^\u0020-\u007E\u00A0-\u00FF\u2013\u2014\u2018-\u201D]/g, '?');

const addressLines = (address: LabelAddress): string[] =>
  [
    address.name,
    address.company,
    address.addressLine1,
    address.addressLine2,
    [address.city, [address.stateCode, address.zipCode].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', '),
    address.countryCode === 'US' ? null : address.country || address.countryCode,
  ].flatMap((line) => (line ? [printable(line)] : []));

/** Draws `text` shrunk to fit `width` (never below 6 pt). */
const fitted = (
  page: PDFPage,
  font: PDFFont,
  text: string,
  x: number,
  y: number,
  size: number,
  width: number,
) => {
  let fit = size;
  while (fit > 6 && font.widthOfTextAtSize(text, fit) > width) fit -= 0.5;
  page.drawText(text, { x, y, size: fit, font });
};

/**
 * Renders a 4×6 in shipping label (issue 15, ARCHITECTURE.md §4 ShippingProvider) as a PDF: the
 * sender in small type, the recipient in large type, carrier, service, weight and reference, and
 * a Code 128 barcode of the tracking number (bwip-js, embedded as a PNG) with the number printed
 * under it. Characters Helvetica cannot print (CJK, emoji) print as "?".
 */
export const renderLabelPdf = async (input: LabelDocumentInput): Promise<Uint8Array> => {
  const document = await PDFDocument.create();
  document.setTitle(`Shipping label ${input.trackingNumber}`);
  document.setProducer('Atelier');
  document.setCreationDate(new Date(input.shipDate));
  const page = document.addPage([LABEL_WIDTH_PT, LABEL_HEIGHT_PT]);
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const margin = 14;
  const inner = LABEL_WIDTH_PT - 2 * margin;
  const black = rgb(0, 0, 0);
  page.drawRectangle({
    x: 4,
    y: 4,
    width: LABEL_WIDTH_PT - 8,
    height: LABEL_HEIGHT_PT - 8,
    borderColor: black,
    borderWidth: 1.5,
  });

  // Sender, top left; ship date and weight, top right.
  let y = LABEL_HEIGHT_PT - margin - 8;
  page.drawText('FROM', { x: margin, y, size: 6, font: bold });
  for (const line of addressLines(input.from)) {
    y -= 9;
    fitted(page, regular, line, margin, y, 8, inner * 0.62);
  }
  page.drawText(printable(input.shipDate.slice(0, 10)), {
    x: margin + inner * 0.68,
    y: LABEL_HEIGHT_PT - margin - 8,
    size: 8,
    font: regular,
  });
  page.drawText(printable(input.weightText), {
    x: margin + inner * 0.68,
    y: LABEL_HEIGHT_PT - margin - 18,
    size: 8,
    font: bold,
  });

  // Service band.
  y = Math.min(y, LABEL_HEIGHT_PT - 80) - 14;
  page.drawLine({ start: { x: 4, y: y + 10 }, end: { x: LABEL_WIDTH_PT - 4, y: y + 10 } });
  fitted(
    page,
    bold,
    printable(`${input.carrier} · ${input.serviceLevel}`.toUpperCase()),
    margin,
    y - 8,
    14,
    inner,
  );
  y -= 22;
  page.drawLine({ start: { x: 4, y }, end: { x: LABEL_WIDTH_PT - 4, y } });

  // Recipient, large.
  y -= 16;
  page.drawText('SHIP TO', { x: margin, y, size: 7, font: bold });
  for (const line of addressLines(input.to)) {
    y -= 17;
    fitted(page, bold, line, margin + 8, y, 14, inner - 8);
  }

  // Barcode of the tracking number, with the number under it.
  const png = await bwipjs.toBuffer({
    bcid: 'code128',
    text: input.trackingNumber,
    scale: 3,
    height: 18,
    includetext: false,
    paddingwidth: 10,
    paddingheight: 4,
    backgroundcolor: 'FFFFFF',
  });
  const image = await document.embedPng(png);
  const barcodeWidth = inner;
  const barcodeHeight = 78;
  const barcodeY = 70;
  page.drawLine({
    start: { x: 4, y: barcodeY + barcodeHeight + 20 },
    end: { x: LABEL_WIDTH_PT - 4, y: barcodeY + barcodeHeight + 20 },
  });
  page.drawText('TRACKING #', { x: margin, y: barcodeY + barcodeHeight + 8, size: 7, font: bold });
  page.drawImage(image, { x: margin, y: barcodeY, width: barcodeWidth, height: barcodeHeight });
  const number = printable(input.trackingNumber);
  const numberWidth = bold.widthOfTextAtSize(number, 11);
  page.drawText(number, {
    x: (LABEL_WIDTH_PT - numberWidth) / 2,
    y: barcodeY - 14,
    size: 11,
    font: bold,
  });

  // Reference and the banner at the foot.
  page.drawText(printable(`Ref ${input.reference}`), { x: margin, y: 36, size: 8, font: regular });
  if (input.banner) {
    page.drawRectangle({ x: 4, y: 4, width: LABEL_WIDTH_PT - 8, height: 24, color: black });
    const banner = printable(input.banner);
    let size = 8;
    while (size > 5 && bold.widthOfTextAtSize(banner, size) > inner) size -= 0.5;
    page.drawText(banner, {
      x: (LABEL_WIDTH_PT - bold.widthOfTextAtSize(banner, size)) / 2,
      y: 13,
      size,
      font: bold,
      color: rgb(1, 1, 1),
    });
  }
  return document.save();
};
