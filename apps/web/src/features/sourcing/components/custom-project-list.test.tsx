// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CustomProject, listCustomProjects } from '@atelier/contract/sourcing/custom-project';
import { handle } from '@/testing/handlers';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { CustomProjectList } from './custom-project-list';

startMockServer();

const aProject = (overrides: Partial<CustomProject> = {}): CustomProject => ({
  id: 'rfp_1',
  status: 'DRAFT',
  step: 'QUANTITY_AND_DATE',
  title: 'Heavyweight hoodie with embroidered chest logo',
  material: 'Organic cotton',
  printDetail: null,
  quantity: 1200,
  completionDate: '2027-03-01',
  companyId: null,
  companyName: null,
  submittedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** Makes `(max-width: …)` media queries match, as on a phone. */
const onAPhone = () => {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
};

const renderList = () =>
  renderAtRoute({ path: '/', initialEntry: '/', component: () => <CustomProjectList /> });

describe('CustomProjectList at phone width (issue 10)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows each request as a card with its facts and actions instead of a cut-off table', async () => {
    onAPhone();
    server.use(
      handle(listCustomProjects, () => ({
        items: [
          aProject(),
          aProject({
            id: 'rfp_2',
            status: 'SUBMITTED',
            title: 'Organic tee',
            companyName: 'Lakeside Knitwear',
          }),
        ],
      })),
    );
    renderList();

    const cards = await screen.findAllByTestId('custom-project-card');
    expect(cards).toHaveLength(2);
    expect(screen.queryByTestId('custom-project-table')).toBeNull();
    const [draft, submitted] = cards as [HTMLElement, HTMLElement];
    expect(within(draft).getByText('1,200 units · by Mar 1, 2027 · Any supplier')).toBeTruthy();
    expect(within(draft).getByRole('link', { name: 'Continue' })).toBeTruthy();
    expect(
      within(draft).getByRole('button', {
        name: 'Delete draft Heavyweight hoodie with embroidered chest logo',
      }),
    ).toBeTruthy();
    expect(within(submitted).getByText(/Lakeside Knitwear/)).toBeTruthy();
    expect(within(submitted).getByRole('link', { name: 'View' })).toBeTruthy();
    expect(within(submitted).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('keeps the table on wider screens', async () => {
    server.use(handle(listCustomProjects, () => ({ items: [aProject()] })));
    renderList();
    expect(await screen.findByTestId('custom-project-table')).toBeTruthy();
    expect(screen.queryByTestId('custom-project-card')).toBeNull();
  });
});
