// The one registration of the contract: every feature's declarations merged into one table. What
// the transports accept, how requests are parsed, what each call answers, who may call it and what
// a blind caller gets are all read from here (shared/api-methods.ts, shared/api.ts,
// electron/services/review/policy.ts).
import { annotationMethods } from './annotation';
import { appMethods } from './app';
import { draftingMethods } from './drafting';
import { editMethods } from './edits';
import { exchangeMethods } from './exchange';
import { jobMethods } from './jobs';
import { mediaMethods } from './media';
import type { MethodDeclaration, ResponseOf } from './method';
import { profileMethods } from './profiles';
import { projectMethods } from './projects';
import { reviewMethods } from './review';
import { runMethods } from './runs';
import { settingsMethods } from './settings';
import { videoMethods } from './videos';

/** Each feature's declarations, by feature: a new feature is one line here. */
export const features = {
  app: appMethods,
  settings: settingsMethods,
  projects: projectMethods,
  videos: videoMethods,
  media: mediaMethods,
  jobs: jobMethods,
  profiles: profileMethods,
  annotation: annotationMethods,
  edits: editMethods,
  exchange: exchangeMethods,
  review: reviewMethods,
  drafting: draftingMethods,
  runs: runMethods,
};

/** Every method, in one table: the features' declarations merged (a name declared twice does not load). */
export const methods = merge(features);

export type Methods = typeof methods;
export type ApiMethod = keyof Methods;
export type ReadMethod = { [M in ApiMethod]: Methods[M]['access'] extends 'read' ? M : never }[ApiMethod];
export type ResponseOfMethod<M extends ApiMethod> = ResponseOf<Methods[M]>;

/** Every declaration, as the table the checks read (a method's own types are in `methods`). */
export const declarations: Readonly<Record<ApiMethod, MethodDeclaration>> = methods;

type Merged<U> = (U extends unknown ? (each: U) => void : never) extends (all: infer I) => void ? I : never;

function merge<F extends Record<string, Record<string, MethodDeclaration>>>(byFeature: F): Merged<F[keyof F]> {
  const all: Record<string, MethodDeclaration> = {};
  for (const [feature, declared] of Object.entries(byFeature)) {
    for (const [name, declaration] of Object.entries(declared)) {
      if (name in all) throw new Error(`The contract declares ${name} twice: again in shared/contract/${feature}.ts.`);
      all[name] = declaration;
    }
  }
  return all as Merged<F[keyof F]>;
}
