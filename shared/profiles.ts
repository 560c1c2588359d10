// Benchmark profiles are data: a taxonomy of task codes plus the rules the editor and lints apply.
// The five built-in profiles follow the papers' digests in shared/reference; a lead can copy one into
// a custom profile and edit its taxonomy.
import { z } from 'zod';

export const answerKinds = ['choice', 'number', 'text', 'yesno'] as const;
export type AnswerKind = (typeof answerKinds)[number];

export const temporalTypes = ['instant', 'backward', 'forward', 'present', 'cumulative', 'future'] as const;
export type TemporalType = (typeof temporalTypes)[number];

export const countingSubcategories = ['O1-Snap', 'O1-Delta', 'O2-Unique', 'O2-Gain', 'E1-Action', 'E1-Transit', 'E2-Periodic', 'E2-Episode'] as const;
export type CountingSubcategory = (typeof countingSubcategories)[number];

export interface TaxonomyNode {
  code: string;
  name: string;
  description?: string;
  children?: TaxonomyNode[];
}

const taxonomyNodeSchema: z.ZodType<TaxonomyNode> = z.lazy(() =>
  z.object({
    code: z.string().min(1).max(80),
    name: z.string().min(1).max(200),
    description: z.string().max(2000).optional(),
    children: z.array(taxonomyNodeSchema).optional(),
  }),
);

const profileRulesSchema = z.object({
  answerKinds: z.array(z.enum(answerKinds)).min(1),
  temporalTypes: z.array(z.enum(temporalTypes)),
  /** Highest option letter allowed (OVO-S: up to G for Revisit Counting). */
  maxOptions: z.number().int().min(2).max(7),
  /** Questions come in groups of two basic and one advanced question (RTV-Bench). */
  groups: z.boolean(),
  /** Counting questions whose answers are derived from marks (VCBench). */
  counting: z.boolean(),
  /** Per-second dense captions answer the task (VSAS-Bench). */
  denseCaptions: z.boolean(),
  /** Forward questions need a proactive time T_p (PhoStream). */
  proactive: z.boolean(),
  /** Named entities reused verbatim in question and options (OVO-S-Bench). */
  namedEntities: z.boolean(),
  /** Extra dimension tags with their allowed values (RTV-Bench OAE perspective, PhoStream capability). */
  facets: z.record(z.string(), z.array(z.string())).default({}),
});
export type ProfileRules = z.infer<typeof profileRulesSchema>;

const profileKinds = ['ovo-s-bench', 'vcbench', 'rtv-bench', 'phostream', 'vsas-bench', 'custom'] as const;
export type ProfileKind = (typeof profileKinds)[number];

export const profileDefinitionSchema = z.object({
  kind: z.enum(profileKinds),
  name: z.string().min(1).max(200),
  taxonomy: z.array(taxonomyNodeSchema),
  rules: profileRulesSchema,
});
export type ProfileDefinition = z.infer<typeof profileDefinitionSchema>;

export interface Profile extends ProfileDefinition {
  id: string;
  builtin: boolean;
}

const leaf = (code: string, name: string, description?: string): TaxonomyNode => (description ? { code, name, description } : { code, name });
const family = (code: string, name: string, types: string[]): TaxonomyNode => ({
  code,
  name,
  children: types.map((t, i) => leaf(`${code}.${i + 1}`, t)),
});

/** OVO-S-Bench: 4 levels × 3 families, 30 task types (App. D; sub-codes follow its order). */
const OVO_S: ProfileDefinition = {
  kind: 'ovo-s-bench',
  name: 'OVO-S-Bench',
  taxonomy: [
    {
      code: '1',
      name: 'L1 Instantaneous Egocentric Perception ("See")',
      children: [
        family('1.1', 'Egocentric Metric Perception', ['Object-to-Object Absolute Distance', 'Relative Physical Scale', 'Object Depth Ordering', 'Viewpoint Height Perception']),
        family('1.2', 'Local Spatial Relations', ['Containment Relation', 'Occlusion Recognition', 'Support Relation', 'Local Topology Description']),
        family('1.3', 'Dynamic Spatial Perception', ['Ego-motion Translation', 'Ego-motion Rotation', 'Object Motion Separation', 'Relative Speed Judgment', 'Judgment of Motion State']),
      ],
    },
    {
      code: '2',
      name: 'L2 Spatiotemporal Context Tracking ("Remember")',
      children: [
        family('2.1', 'Scene Revisit Recognition', ['Revisit Detection', 'Revisit Counting']),
        family('2.2', 'Spatial Memory Beyond the View', ['Out-of-View Localization', 'Behind-Camera Inference', 'Transient Count Memory']),
        family('2.3', 'Chronological Spatial Memory', ['Chronological Recall', 'Temporal Depth Estimation']),
      ],
    },
    {
      code: '3',
      name: 'L3 Spatial Simulation and Reasoning ("Imagine")',
      children: [
        family('3.1', 'Spatial Simulation', ['Mental Rotation & Fitting', 'Spatial What-If Consequence', 'Physical Stability & Feasibility']),
        family('3.2', 'Spatiotemporal Consistency Verification', ['Object-Level Change Detection']),
        family('3.3', 'Spatial Route Planning', ['Optimal Path Reasoning', 'Obstacle-Aware Rerouting', 'Reachability Judgment']),
      ],
    },
    {
      code: '4',
      name: 'L4 Allocentric Spatial Mapping ("Map")',
      children: [
        family('4.1', 'Allocentric Direction Reasoning', ['Allocentric Direction Reasoning']),
        family('4.2', 'Topological Structure Reasoning', ['Topological Structure Reasoning']),
        family('4.3', 'Trajectory Map Alignment', ['Trajectory Map Alignment']),
      ],
    },
  ],
  rules: { answerKinds: ['choice'], temporalTypes: [], maxOptions: 7, groups: false, counting: false, denseCaptions: false, proactive: false, namedEntities: true, facets: {} },
};

/** VCBench: 8 counting subcategories (§3.1); answers derived from marks by the §3.2 rules. */
const VCBENCH: ProfileDefinition = {
  kind: 'vcbench',
  name: 'VCBench',
  taxonomy: [
    {
      code: 'O',
      name: 'Object Counting',
      children: [
        {
          code: 'O1',
          name: 'Visible objects',
          children: [leaf('O1-Snap', 'Snapshot count', 'Quantity of objects in the scene at a moment'), leaf('O1-Delta', 'Window change', 'Change relative to the time window starting point')],
        },
        {
          code: 'O2',
          name: 'Distinct individuals',
          children: [
            leaf('O2-Unique', 'Unique so far', 'Different individuals that have appeared across the timeline'),
            leaf('O2-Gain', 'New in window', 'New individuals added within a time window'),
          ],
        },
      ],
    },
    {
      code: 'E',
      name: 'Event Counting',
      children: [
        {
          code: 'E1',
          name: 'Point events',
          children: [leaf('E1-Action', 'Atomic actions', 'Cumulative occurrences of an atomic action'), leaf('E1-Transit', 'Scene transitions', 'Hard cuts and state mutations')],
        },
        {
          code: 'E2',
          name: 'Interval events',
          children: [leaf('E2-Periodic', 'Periodic cycles', 'Complete action cycles'), leaf('E2-Episode', 'Episodes', 'Semantically complete activity segments')],
        },
      ],
    },
  ],
  rules: { answerKinds: ['number'], temporalTypes: [], maxOptions: 4, groups: false, counting: true, denseCaptions: false, proactive: false, namedEntities: false, facets: {} },
};

/** RTV-Bench: 8 dimensions × Object/Action/Event; groups of q0, q1 (basic) and q2 (advanced). */
const RTV: ProfileDefinition = {
  kind: 'rtv-bench',
  name: 'RTV-Bench',
  taxonomy: [
    {
      code: 'Perception',
      name: 'Perception',
      children: [
        leaf('TP', 'Temporal Perception', 'Recognizing temporal sequence and duration'),
        leaf('VP', 'Visual Perception', 'Detecting fine-grained visual features'),
        leaf('SP', 'Scene Perception', 'Understanding holistic environment and layout'),
      ],
    },
    {
      code: 'Understanding',
      name: 'Understanding',
      children: [
        leaf('PU', 'Phenomenological Understanding', 'Interpreting surface phenomena'),
        leaf('IA', 'Intent Analysis', 'Inferring actor motivations'),
        leaf('GU', 'Global Understanding', 'Grasping video context'),
      ],
    },
    {
      code: 'Reasoning',
      name: 'Reasoning',
      children: [leaf('FP', 'Future Prediction', 'Anticipating future developments'), leaf('SR', 'Spatiotemporal Reasoning', 'Logical deduction from observations')],
    },
  ],
  rules: {
    answerKinds: ['choice'],
    temporalTypes: [],
    maxOptions: 7,
    groups: true,
    counting: false,
    denseCaptions: false,
    proactive: false,
    namedEntities: false,
    facets: { perspective: ['Object', 'Action', 'Event'] },
  },
};

/** PhoStream: instant / backward / forward × 10 capabilities × 4 scenarios; forward needs T_p. */
const PHOSTREAM: ProfileDefinition = {
  kind: 'phostream',
  name: 'PhoStream',
  taxonomy: [
    'UI & Digital Interface Navigation',
    'Action & Activity Recognition',
    'Audio-Visual Association',
    'Fine-grained Visual Perception',
    'Physical & Causal Reasoning',
    'Visual Text Understanding (OCR)',
    'Scene & Context Understanding',
    'Temporal & Procedural Understanding',
    'Social & Emotional Intelligence',
    'Entity & Knowledge Retrieval',
  ].map((name) => leaf(name, name)),
  rules: {
    answerKinds: ['text', 'choice'],
    temporalTypes: ['instant', 'backward', 'forward'],
    maxOptions: 7,
    groups: false,
    counting: false,
    denseCaptions: false,
    proactive: true,
    namedEntities: false,
    facets: { scenario: ['YouTube Vlog', 'Phone Tutorial', 'Phone Record', 'EgoBlind'] },
  },
};

/** VSAS-Bench: one prompt at t = 0 per task; per-second captions are the ground truth. */
const VSAS: ProfileDefinition = {
  kind: 'vsas-bench',
  name: 'VSAS-Bench',
  taxonomy: [
    leaf('present', 'Present', 'Events currently occurring in the stream'),
    leaf('cumulative', 'Cumulative', 'Recollect and reason over past events observed so far'),
    leaf('future', 'Future', 'Predict or infer upcoming events'),
  ],
  rules: {
    answerKinds: ['text'],
    temporalTypes: ['present', 'cumulative', 'future'],
    maxOptions: 4,
    groups: false,
    counting: false,
    denseCaptions: true,
    proactive: false,
    namedEntities: false,
    facets: { category: ['Cooking', 'Urban human actions', 'UI interaction', 'Text understanding / OCR'] },
  },
};

export const BUILTIN_PROFILES: readonly ProfileDefinition[] = [OVO_S, VCBENCH, RTV, PHOSTREAM, VSAS];

/** The built-in profile of a kind. */
export const builtinProfile = (kind: Exclude<ProfileKind, 'custom'>): ProfileDefinition => BUILTIN_PROFILES.find((p) => p.kind === kind)!;

/** A starting point for a custom profile: every capability on, an empty taxonomy to fill in. */
export function blankCustomProfile(name: string): ProfileDefinition {
  return {
    kind: 'custom',
    name,
    taxonomy: [],
    rules: { answerKinds: [...answerKinds], temporalTypes: [...temporalTypes], maxOptions: 7, groups: true, counting: true, denseCaptions: true, proactive: true, namedEntities: true, facets: {} },
  };
}

/** Every leaf (task type) of a taxonomy with its path of ancestors. */
export function taxonomyLeaves(nodes: readonly TaxonomyNode[], path: TaxonomyNode[] = []): Array<{ node: TaxonomyNode; path: TaxonomyNode[] }> {
  return nodes.flatMap((node) => (node.children?.length ? taxonomyLeaves(node.children, [...path, node]) : [{ node, path }]));
}

const leafIndex = new WeakMap<readonly TaxonomyNode[], Map<string, TaxonomyNode>>();

/** A task type by code; the leaves of each taxonomy are indexed once (lints look this up per question). */
export function findTaskCode(nodes: readonly TaxonomyNode[], code: string): TaxonomyNode | null {
  let index = leafIndex.get(nodes);
  if (!index) leafIndex.set(nodes, (index = new Map(taxonomyLeaves(nodes).map((l) => [l.node.code, l.node]))));
  return index.get(code) ?? null;
}

/** Codes must be unique across a taxonomy, or questions could not name their task unambiguously. */
export function duplicateTaxonomyCodes(nodes: readonly TaxonomyNode[]): string[] {
  const seen = new Set<string>();
  const dupes = new Set<string>();
  const walk = (list: readonly TaxonomyNode[]): void => {
    for (const n of list) {
      if (seen.has(n.code)) dupes.add(n.code);
      seen.add(n.code);
      if (n.children) walk(n.children);
    }
  };
  walk(nodes);
  return [...dupes];
}
