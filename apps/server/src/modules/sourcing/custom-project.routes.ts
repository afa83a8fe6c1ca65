import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createCustomProject,
  deleteCustomProject,
  getCustomProject,
  listCustomProjects,
  updateCustomProject,
} from '@atelier/contract/sourcing/custom-project';
import { routeOptions } from '@/lib/endpoint';
import type { CustomProjectService } from './custom-project.service';

/**
 * Spec §7 `/api/web/project-management` (custom project requests, RFP): `POST` (201), `PUT /:id`,
 * `GET /:id`, `GET ?status=`, `DELETE /:id` (drafts). Errors: 400 validation, 404
 * `project_not_found` / `company_not_found`, 409 `project_submitted`, 422 `project_incomplete`
 * with one detail per missing or invalid field.
 */
export const customProjectRoutes =
  (customProjectService: CustomProjectService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(createCustomProject.path, routeOptions(createCustomProject), async (request, reply) =>
      reply
        .status(201)
        .send(await customProjectService.createCustomProject(request.actor, request.body)),
    );

    app.put(updateCustomProject.path, routeOptions(updateCustomProject), async (request) =>
      customProjectService.updateCustomProject(request.actor, request.params.id, request.body),
    );

    app.get(getCustomProject.path, routeOptions(getCustomProject), async (request) =>
      customProjectService.getCustomProject(request.actor, request.params.id),
    );

    app.get(listCustomProjects.path, routeOptions(listCustomProjects), async (request) => ({
      items: await customProjectService.listCustomProjects(request.actor, request.query),
    }));

    app.delete(deleteCustomProject.path, routeOptions(deleteCustomProject), async (request) => {
      await customProjectService.deleteCustomProject(request.actor, request.params.id);
      return { ok: true as const };
    });
  };
