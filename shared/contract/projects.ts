// Projects: the recent list, creating, opening and closing one, and where the person left off in it.
import { z } from 'zod';
import type { ProjectSummary, ProjectViewState, RecentProject } from '../domain';
import { empty, filePath, id } from './fields';
import { method, reply } from './method';

export const projectMethods = {
  'projects.recent': method({ request: empty, response: reply<RecentProject[]>(), access: 'read', job: false, callers: 'anyone', blinding: 'no-item-content' }),
  'projects.current': method({ request: empty, response: reply<ProjectSummary | null>(), access: 'read', job: false, callers: 'anyone', blinding: 'no-item-content' }),
  'projects.create': method({
    request: z.object({ path: filePath, name: z.string().trim().min(1).max(200).optional() }).strict(),
    response: reply<ProjectSummary>(),
    access: 'write',
    job: false,
    callers: 'anyone',
    blinding: 'no-item-content',
  }),
  'projects.open': method({ request: z.object({ path: filePath }).strict(), response: reply<ProjectSummary>(), access: 'write', job: false, callers: 'anyone', blinding: 'no-item-content' }),
  'projects.close': method({ request: empty, response: reply<null>(), access: 'write', job: false, callers: 'anyone', blinding: 'no-item-content' }),
  'projects.viewState': method({ request: empty, response: reply<ProjectViewState>(), access: 'read', job: false, callers: 'member', blinding: 'no-item-content' }),
  'projects.selectVideo': method({ request: z.object({ videoId: id.nullable() }).strict(), response: reply<null>(), access: 'write', job: false, callers: 'member', blinding: 'no-item-content' }),
};
