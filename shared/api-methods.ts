// The allow-list of calls: the preload and the HTTP server accept these names and nothing else.
// Kept free of imports so the sandboxed preload bundles only this list.

export const apiMethods = [
  'app.info',
  'settings.get',
  'settings.update',
  'projects.recent',
  'projects.current',
  'projects.create',
  'projects.open',
  'projects.close',
  'projects.viewState',
  'projects.selectVideo',
  'videos.list',
  'videos.import',
  'videos.relink',
  'videos.remove',
  'videos.saveView',
  'thumbnails.get',
  'thumbnails.generate',
  'jobs.list',
  'jobs.cancel',
  'dialogs.pick',
  'profiles.list',
  'profiles.create',
  'profiles.update',
  'profiles.remove',
  'annotations.load',
  'marks.create',
  'marks.update',
  'marks.remove',
  'captions.fill',
  'captions.mergeRuns',
  'questions.create',
  'questions.update',
  'questions.remove',
  'queryPoints.create',
  'queryPoints.update',
  'queryPoints.remove',
  'edits.undo',
  'edits.redo',
  'edits.history',
  'exchange.formats',
  'exchange.import',
  'exchange.export',
  'exchange.readiness',
  'exchange.stats',
] as const;

export type ApiMethod = (typeof apiMethods)[number];

const methodSet: ReadonlySet<string> = new Set(apiMethods);

export function isApiMethod(name: unknown): name is ApiMethod {
  return typeof name === 'string' && methodSet.has(name);
}
