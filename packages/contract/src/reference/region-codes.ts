/**
 * Spec §9 regions. OA stands for Oceania (and Antarctica). Without Zod, for the web app's first
 * page (issue 10); `geography.ts` builds RegionCodeSchema from it and re-exports it.
 */
export const REGION_CODES = ['AF', 'NA', 'SA', 'AS', 'EU', 'OA'] as const;
export type RegionCode = (typeof REGION_CODES)[number];
