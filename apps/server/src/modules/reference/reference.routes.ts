import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listCountries, listStatesOfCountry } from '@atelier/contract/reference/geography';
import { AppError } from '@/lib/app-error';
import { routeOptions } from '@/lib/endpoint';
import type { ReferenceRepository } from './reference.repository';

/** Spec §7 commons: countries and states-of-country. */
export const referenceRoutes =
  (repository: ReferenceRepository): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(listCountries.path, routeOptions(listCountries), async () => ({
      items: await repository.listCountries(),
    }));

    app.get(listStatesOfCountry.path, routeOptions(listStatesOfCountry), async (request) => {
      const { countryCode } = request.params;
      if (!(await repository.findCountry(countryCode))) {
        throw new AppError('not_found', `No country with the code ${countryCode}.`, {
          reason: 'country_not_found',
        });
      }
      return { items: await repository.listStates(countryCode) };
    });
  };
