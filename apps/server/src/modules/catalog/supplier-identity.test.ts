import { describe, expect, it } from 'vitest';
import { supplierIdOf, normalizeSupplierName, toReadableName } from './supplier-identity';

describe('supplierIdOf', () => {
  it('gives the same id whatever the case and spacing of the name', () => {
    const id = supplierIdOf('QUANZHOU XINXING FOOTWEAR CO., LTD', 'CN');
    expect(id).toMatch(/^cmp_[a-z0-9]{16}$/);
    expect(supplierIdOf('  Quanzhou  Xinxing Footwear Co., Ltd ', 'cn')).toBe(id);
    expect(supplierIdOf('Quanzhou Xinxing Footwear Co., Ltd', 'VN')).not.toBe(id);
  });

  it('normalises names for comparison', () => {
    expect(normalizeSupplierName('  Clara   SHOE ')).toBe('clara shoe');
  });
});

describe('toReadableName', () => {
  it.each([
    ['QUANZHOU XINXING FOOTWEAR CO., LTD', 'Quanzhou Xinxing Footwear Co., Ltd'],
    ['PT KANAAN GLOBAL INDONESIA', 'PT Kanaan Global Indonesia'],
    ['WESTTEX APPAREL, S.A. DE C.V.', 'Westtex Apparel, S.A. de C.V.'],
    ['BRANCH OF HANOI TEXTILE JSC', 'Branch of Hanoi Textile JSC'],
    ['DÖHLER GMBH', 'Döhler GmbH'],
    ["HUI'AN SHOES FTY", "Hui'an Shoes Fty"],
    ['HTC', 'HTC'],
    ['SKY PRECISION WATCH (SHENZHEN) CO., LTD.', 'Sky Precision Watch (Shenzhen) Co., Ltd.'],
    ['NO.1ST GARMENT', 'No.1st Garment'],
  ])('reads %s as %s', (input, expected) => {
    expect(toReadableName(input)).toBe(expected);
  });

  it('keeps a name that already has lower-case letters', () => {
    expect(toReadableName('MAS Active (Pvt) Ltd - Linea Intimo')).toBe(
      'MAS Active (Pvt) Ltd - Linea Intimo',
    );
  });
});
