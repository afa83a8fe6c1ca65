// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tintOfSupplier } from '@/components/pictures/supplier-tint';
import { aConversationSummary } from '@/testing/factories';
import { render } from '@/testing/render';
import { CatalogItemCard } from './message-cards/catalog-item-card';
import { SupplierProfileCard } from './message-cards/supplier-profile-card';
import { PartyAvatar } from './party-avatar';

describe('chat pictures', () => {
  it("shows a store the supplier's mark: initials on the supplier's tint", () => {
    render(<PartyAvatar side="STORE" summary={aConversationSummary()} />);
    const mark = screen.getByTestId('supplier-mark');
    expect(mark.textContent).toBe('LK');
    const tile = mark.firstElementChild as HTMLElement;
    expect(tile.style.background).toContain(`color-${tintOfSupplier('cmp_1')}-1`);
    // The conversation does not say what the supplier makes: no vague badge.
    expect(screen.queryByTestId('supplier-mark-badge')).toBeNull();
  });

  it("shows a store the supplier's logo when the conversation has one", () => {
    render(
      <PartyAvatar side="STORE" summary={aConversationSummary({ avatarUrl: '/logos/lk.png' })} />,
    );
    const logo = screen.getByTestId('supplier-mark').querySelector('img');
    expect(logo?.getAttribute('src')).toBe('/logos/lk.png');
  });

  it('shows a supplier the store as initials, not as a supplier mark', () => {
    render(<PartyAvatar side="SUPPLIER" summary={aConversationSummary()} />);
    expect(screen.queryByTestId('supplier-mark')).toBeNull();
    expect(screen.getByText('MG')).toBeTruthy();
  });

  it('pictures a shared catalog item by what its title names', () => {
    render(
      <CatalogItemCard
        side="SUPPLIER"
        payload={{
          type: 'CATALOG_ITEM',
          itemId: 'itm_1',
          title: 'Rigid denim wide-leg trousers',
          price: null,
        }}
      />,
    );
    const picture = screen.getByRole('img', { name: /Rigid denim wide-leg trousers/ });
    expect(picture.querySelector('svg')?.classList.contains('tabler-icon-atelier-trousers')).toBe(
      true,
    );
  });

  it("marks a shared supplier profile with the supplier's initials on its tint", () => {
    render(
      <SupplierProfileCard
        side="SUPPLIER"
        payload={{ type: 'SUPPLIER_PROFILE', companyId: 'cmp_9', name: 'Harbour Knit Mill' }}
      />,
    );
    const mark = screen.getByTestId('supplier-mark');
    expect(mark.textContent).toBe('HK');
    const tile = mark.firstElementChild as HTMLElement;
    expect(tile.style.background).toContain(`color-${tintOfSupplier('cmp_9')}-1`);
  });
});
