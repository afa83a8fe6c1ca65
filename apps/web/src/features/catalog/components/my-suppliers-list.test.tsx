// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listMySuppliers } from '@atelier/contract/catalog/favorite';
import { handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { MySuppliersList } from './my-suppliers-list';

startMockServer();

describe('MySuppliersList', () => {
  it('says that favorites and chats list a supplier, without promising chat, which works', async () => {
    server.use(handle(listMySuppliers, () => ({ items: [] })));
    render(<MySuppliersList />);
    await screen.findByText(/No suppliers yet/);
    const note = screen.getByRole('alert');
    expect(note.textContent).toContain('favorite or exchange messages with');
    expect(note.textContent).not.toMatch(/once chat|arrive/);
  });
});
