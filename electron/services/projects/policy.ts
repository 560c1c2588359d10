// Who may change which project is open. In browser mode every browser works in the one project the
// server has open, so while it lists its people only one of its leads, working as lead, may close it
// or open or create another in its place — a reviewer in one browser cannot pull the project from
// under the annotators in the others. The desktop's window is one person's: they choose freely.
import type { RequestContext } from '../context';
import { ServiceError } from '../errors';

export async function checkMayReplaceProject(ctx: RequestContext): Promise<void> {
  const project = ctx.currentProject();
  if (ctx.machine.mode !== 'browser' || !project || !(await project.stores.review.hasPeople())) return;
  const person = await project.stores.review.person(ctx.caller.person);
  // (a session that has not given the lead's passphrase is not the lead: it only started as them)
  if (ctx.verified && ctx.caller.role === 'lead' && person?.roles.includes('lead')) return;
  throw new ServiceError(
    'forbidden',
    `Only a lead of ${project.name} can close it or open another project here: every browser connected to this Tidemark works in it (you are working as ${ctx.caller.role}).`,
  );
}
