import { useDocumentTitle } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { CustomerList } from '@/features/sales/components/customer-list';
import { ExportCustomersButton } from '@/features/sales/components/export-customers-button';

const customersRoute = getRouteApi('/app/customers');

/** Issue 11 /customers (Orders & Fulfillment): the store's customers, each opening their orders. */
export const CustomersPage = () => {
  useDocumentTitle('Customers · Atelier');
  const navigate = customersRoute.useNavigate();
  const { search = '', sort = 'LAST_ORDER' } = customersRoute.useSearch();

  return (
    <>
      <PageHeader
        title="Customers"
        description="Who buys from you, with what their orders add up to. Open one to see their orders."
        actions={<ExportCustomersButton search={search} sort={sort} />}
      />
      <CustomerList
        search={search}
        sort={sort}
        onChange={(next) =>
          void navigate({
            search: {
              search: next.search,
              sort: next.sort === 'TOTAL_SPENT' ? next.sort : undefined,
            },
          })
        }
      />
    </>
  );
};
