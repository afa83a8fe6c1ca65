import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  createCustomProject,
  type CustomProject,
  deleteCustomProject,
  getCustomProject,
  listCustomProjects,
  type SaveCustomProjectInputSchema,
  updateCustomProject,
} from '@atelier/contract/sourcing/custom-project';
import { callApi } from '@/lib/api-client';

export type SaveCustomProjectBody = z.input<typeof SaveCustomProjectInputSchema>;

export const sourcingKeys = {
  all: ['sourcing'] as const,
  projects: () => [...sourcingKeys.all, 'custom-projects'] as const,
  project: (id: string) => [...sourcingKeys.all, 'custom-project', id] as const,
  invites: () => [...sourcingKeys.all, 'supplier-invites'] as const,
};

const PROJECT_ID = /^rfp_[a-z0-9]+$/;

export const customProjectsQueryOptions = () =>
  queryOptions({
    queryKey: sourcingKeys.projects(),
    queryFn: ({ signal }) => callApi(listCustomProjects, { signal }),
  });

export const useCustomProjects = () => useQuery(customProjectsQueryOptions());

/** One of the store's projects; `null` when the id cannot be one. */
export const customProjectQueryOptions = (id: string) =>
  queryOptions({
    queryKey: sourcingKeys.project(id),
    queryFn: ({ signal }) =>
      PROJECT_ID.test(id)
        ? callApi(getCustomProject, { params: { id }, signal, shouldToastError: false })
        : null,
    retry: false,
  });

export const useCustomProject = (id: string | undefined) =>
  useQuery({ ...customProjectQueryOptions(id ?? ''), enabled: id !== undefined });

const useProjectSaved = () => {
  const queryClient = useQueryClient();
  return async (project: CustomProject) => {
    queryClient.setQueryData(sourcingKeys.project(project.id), project);
    await queryClient.invalidateQueries({ queryKey: sourcingKeys.projects() });
  };
};

/** Saves a draft step (or submits): POST the first time, PUT once it has an id. */
export const useSaveCustomProject = () => {
  const onSaved = useProjectSaved();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SaveCustomProjectBody }) =>
      id
        ? callApi(updateCustomProject, { params: { id }, body, shouldToastError: false })
        : callApi(createCustomProject, { body, shouldToastError: false }),
    onSuccess: onSaved,
  });
};

export const useDeleteCustomProject = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(deleteCustomProject, { params: { id } }),
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: sourcingKeys.project(id) });
      await queryClient.invalidateQueries({ queryKey: sourcingKeys.projects() });
    },
  });
};
