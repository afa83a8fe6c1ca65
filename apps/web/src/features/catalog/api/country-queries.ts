import { useQuery } from '@tanstack/react-query';
import { listCountries } from '@atelier/contract/reference/geography';
import { callApi } from '@/lib/api-client';
import { referenceKeys } from './catalog-keys';

/** Every ISO 3166-1 country, for the country filter. */
export const useCountries = () =>
  useQuery({
    queryKey: referenceKeys.countries(),
    queryFn: ({ signal }) => callApi(listCountries, { signal }),
    staleTime: Infinity,
  });
