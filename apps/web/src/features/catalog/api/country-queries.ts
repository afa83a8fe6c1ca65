import { useQuery } from '@tanstack/react-query';
import { listCountries, listStatesOfCountry } from '@atelier/contract/reference/geography';
import { callApi } from '@/lib/api-client';
import { referenceKeys } from './catalog-keys';

/** Every ISO 3166-1 country, for the country filter. */
export const useCountries = () =>
  useQuery({
    queryKey: referenceKeys.countries(),
    queryFn: ({ signal }) => callApi(listCountries, { signal }),
    staleTime: Infinity,
  });

/** The first-level subdivisions (states, provinces) of a country; none asked without a code. */
export const useStatesOfCountry = (countryCode: string | null) =>
  useQuery({
    queryKey: referenceKeys.states(countryCode ?? ''),
    queryFn: ({ signal }) =>
      callApi(listStatesOfCountry, { params: { countryCode: countryCode! }, signal }),
    enabled: countryCode !== null && /^[A-Z]{2}$/.test(countryCode),
    staleTime: Infinity,
  });
