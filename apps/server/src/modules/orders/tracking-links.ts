/** Carriers' public tracking pages, by the carrier's name as suppliers write it (lower case). */
const TRACKING_PAGES: Record<string, (number: string) => string> = {
  ups: (number) => `https://www.ups.com/track?tracknum=${number}`,
  usps: (number) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`,
  fedex: (number) => `https://www.fedex.com/fedextrack/?trknbr=${number}`,
  dhl: (number) =>
    `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${number}`,
};

/**
 * The page where a parcel can be followed (issue 12: the TRACKING_LINK card the supplier's
 * shipment posts in the conversation): the carrier's own for UPS, USPS, FedEx and DHL, else a
 * multi-carrier tracking site.
 */
export const trackingUrlOf = (carrier: string, trackingNumber: string): string => {
  const number = encodeURIComponent(trackingNumber.trim());
  const page = TRACKING_PAGES[carrier.trim().toLowerCase()];
  return page ? page(number) : `https://parcelsapp.com/en/tracking/${number}`;
};
