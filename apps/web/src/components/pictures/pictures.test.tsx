// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '@/testing/render';
import { CategoryPicture } from './category-picture';
import { SupplierCover } from './supplier-cover';
import { SupplierMark } from './supplier-mark';
import { tintOfSupplier } from './supplier-tint';

const PANTS = ['Pants', 'Clothing', 'Apparel & Accessories'];
const illustrationIn = (element: HTMLElement) => element.querySelector('svg.tabler-icon');
/** The drawing's name: Tabler names each icon's svg `tabler-icon-<name>`. */
const drawingIn = (element: HTMLElement) =>
  [...(illustrationIn(element)?.classList ?? [])].find((name) => name !== 'tabler-icon') ?? null;

describe('CategoryPicture', () => {
  it("shows an illustration of the item's own category on its supplier's tint", () => {
    render(<CategoryPicture names={PANTS} supplierId="cmp_one" label="Pants" />);
    const picture = screen.getByRole('img', { name: 'Pants (illustration, no photo)' });
    expect(drawingIn(picture)).toBe('tabler-icon-atelier-trousers');
    expect(picture.style.background).toContain(`--mantine-color-${tintOfSupplier('cmp_one')}-1`);
  });

  it('shows the real photo once it loads, and the illustration while loading or on error', () => {
    const { container } = render(
      <>
        <CategoryPicture names={PANTS} imageUrl="/photos/ok.jpg" label="Jeans" />
        <CategoryPicture names={PANTS} imageUrl="/photos/broken.jpg" label="Chinos" />
      </>,
    );
    const [ok, broken] = container.querySelectorAll('img');
    expect(illustrationIn(screen.getByRole('img', { name: 'Jeans' }))).not.toBeNull();
    fireEvent.load(ok!);
    expect(illustrationIn(screen.getByRole('img', { name: 'Jeans' }))).toBeNull();
    expect(ok!.style.opacity).toBe('1');
    fireEvent.error(broken!);
    const chinos = screen.getByRole('img', { name: 'Chinos' });
    expect(chinos.querySelector('img')).toBeNull();
    expect(drawingIn(chinos)).toBe('tabler-icon-atelier-trousers');
  });
});

describe('SupplierMark', () => {
  const supplier = { id: 'cmp_denim', name: 'Blue Denim Works', categoryIds: [204, 212] };

  it('without a logo, shows initials on the tint with its main category as a badge', () => {
    render(<SupplierMark supplier={supplier} label="Blue Denim Works" />);
    const mark = screen.getByRole('img', { name: 'Blue Denim Works' });
    expect(mark.textContent).toBe('BD');
    expect(drawingIn(screen.getByTestId('supplier-mark-badge'))).toBe(
      'tabler-icon-atelier-trousers',
    );
  });

  it('shows the uploaded logo, and falls back to the generated mark when it fails', () => {
    render(<SupplierMark supplier={supplier} logoUrl="/logos/blue.png" label="Blue Denim Works" />);
    const mark = screen.getByRole('img', { name: 'Blue Denim Works' });
    fireEvent.load(mark.querySelector('img')!);
    expect(mark.textContent).toBe('');
    expect(mark.querySelector('img')?.getAttribute('src')).toBe('/logos/blue.png');

    render(<SupplierMark supplier={supplier} logoUrl="/logos/gone.png" label="Gone" />);
    const gone = screen.getByRole('img', { name: 'Gone' });
    fireEvent.error(gone.querySelector('img')!);
    expect(gone.querySelector('img')).toBeNull();
    expect(gone.textContent).toBe('BD');
  });
});

describe('SupplierCover', () => {
  it("without a cover photo, fills the band with the supplier's categories", () => {
    render(<SupplierCover supplier={{ id: 'cmp_denim', categoryIds: [204, 2271] }} />);
    const band = screen.getByTestId('supplier-cover-band');
    const kinds = new Set([...band.querySelectorAll('svg')].map((svg) => svg.classList[1]));
    expect(kinds).toEqual(new Set(['tabler-icon-atelier-trousers', 'tabler-icon-atelier-dress']));
  });
});
