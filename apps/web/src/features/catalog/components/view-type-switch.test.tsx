// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '@/testing/render';
import { ViewTypeSwitch } from './view-type-switch';

describe('ViewTypeSwitch (issue 10)', () => {
  it('is a one-row select on phones and still switches the view', async () => {
    const onChange = vi.fn();
    const { user } = render(<ViewTypeSwitch value="SUPPLIERS" onChange={onChange} compact />);
    expect(screen.queryByRole('radiogroup')).toBeNull();
    const select = screen.getByRole('combobox', { name: 'View' });
    expect((select as HTMLInputElement).value).toBe('Suppliers');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Catalog products', hidden: true }));
    expect(onChange).toHaveBeenCalledWith('CATALOG_PRODUCTS');
  });

  it('shows the four views side by side on wider screens', () => {
    render(<ViewTypeSwitch value="RFP" onChange={() => undefined} compact={false} />);
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    expect(screen.queryByRole('combobox', { name: 'View' })).toBeNull();
  });
});
