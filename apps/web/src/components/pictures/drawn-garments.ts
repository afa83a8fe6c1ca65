import { createReactComponent } from '@tabler/icons-react';

/**
 * Garments and accessories the Tabler set has no picture of, drawn for Atelier on Tabler's
 * 24×24 grid with its outline style (2 px round strokes, no fill), so they sit beside the
 * Tabler icons unnoticed. Our own drawings, under the repository's licence.
 */
const drawn = (name: string, paths: readonly string[]) =>
  createReactComponent(
    'outline',
    name,
    name.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase()),
    paths.map((d, index) => ['path', { d, key: `svg-${index}` }]),
  );

export const DrawnTrousers = drawn('atelier-trousers', [
  'M7 3h10l1.5 18h-4.5l-2 -12l-2 12h-4.5z',
  'M6.8 6h10.4',
]);

export const DrawnShorts = drawn('atelier-shorts', [
  'M6 5h12l1.5 11h-6l-1.5 -5l-1.5 5h-6z',
  'M5.7 7.5h12.6',
]);

export const DrawnDress = drawn('atelier-dress', [
  'M9 3v4l-1.5 3l-3.5 11h16l-3.5 -11l-1.5 -3v-4',
  'M7.5 10h9',
  'M9 5.5c1.5 1 4.5 1 6 0',
]);

export const DrawnSkirt = drawn('atelier-skirt', [
  'M7 5h10l3 15h-16z',
  'M6.5 8h11',
  'M10 8l-1 12',
  'M14 8l1 12',
]);

export const DrawnHoodie = drawn('atelier-hoodie', [
  'M9 5l-5 2l-2 10h3l1 -4v8h12v-8l1 4h3l-2 -10l-5 -2',
  'M9 5c0 -2 1.3 -3 3 -3s3 1 3 3l-1 3h-4z',
  'M9 16h6',
  'M11 8v2',
  'M13 8v2',
]);

export const DrawnSwimsuit = drawn('atelier-swimsuit', [
  'M8 3v5c0 2 1 3 1 5l-2 8h3l2 -3l2 3h3l-2 -8c0 -2 1 -3 1 -5v-5',
  'M8 6.5c2 2 6 2 8 0',
]);

export const DrawnBriefs = drawn('atelier-briefs', [
  'M4 6h16v4c-3.5 1 -5.5 4 -6 8h-4c-.5 -4 -2.5 -7 -6 -8z',
  'M4 8.5h16',
]);

export const DrawnRobe = drawn('atelier-robe', [
  'M8 3l-4 3v6h3v9h10v-9h3v-6l-4 -3l-4 7z',
  'M7 14h10',
]);

export const DrawnOnesie = drawn('atelier-onesie', [
  'M9 3a3 2 0 0 0 6 0l5 3l-2 3l-2 -1v8l-2 4h-4l-2 -4v-8l-2 1l-2 -3z',
  'M10.5 19h3',
]);

export const DrawnHat = drawn('atelier-hat', [
  'M7 14.5l1.5 -8c.5 -2 6.5 -2 7 0l1.5 8',
  'M3 15c2 2.5 16 2.5 18 0',
  'M7.6 11.5c3 1 5.8 1 8.8 0',
]);

export const DrawnScarf = drawn('atelier-scarf', [
  'M5 5c0 3.5 3 5.5 7 5.5s7 -2 7 -5.5',
  'M5 5c2.5 -1.5 11.5 -1.5 14 0',
  'M13 10.3l1.5 9.7h4l-1.6 -11.6',
  'M14.2 14.5h3.9',
  'M15.5 20v1.5',
  'M17.5 20v1.5',
]);

export const DrawnBelt = drawn('atelier-belt', [
  'M3 10h18v4h-18z',
  'M7 8h5v8h-5z',
  'M9.5 12h5',
  'M17.5 12h.01',
]);

export const DrawnMitten = drawn('atelier-mitten', [
  'M7 18h8v3h-8z',
  'M7 18v-10a4 4 0 0 1 8 0v5l2 -2a1.5 1.5 0 0 1 2 2l-4 5',
]);

export const DrawnHandbag = drawn('atelier-handbag', [
  'M4 10h16l-1.5 10h-13z',
  'M8 10v-3a4 4 0 0 1 8 0v3',
  'M11 14h2',
]);
