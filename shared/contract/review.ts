// The review workflow: people and their roles, guideline versions, review rounds, blind reviews,
// adjudication, the agreement report and review packages.
import { z } from 'zod';
import type { Review } from '../reviews';
import {
  adjudicationFieldsSchema,
  guidelineFieldsSchema,
  personName,
  personRoles,
  reportGroupings,
  reviewSubmitSchema,
  roundFieldsSchema,
  roundSelectionSchema,
  type AdjudicationItem,
  type Adjudication,
  type AgreementReport,
  type GuidelineVersion,
  type PackageImportOutcome,
  type Person,
  type QueueItem,
  type ReviewContext,
  type ReviewRound,
  type RoundPreview,
  type RoundSummary,
} from '../review/types';
import { empty, filePath, id } from './fields';
import { method, reply } from './method';

const round = z.number().int().min(1);
/** One round, or every open round. */
const roundOrAll = z.object({ round: round.nullable().default(null) }).strict();
const lead = (doing: string) => ({ only: ['lead'], doing }) as const;
const deciders = { only: ['adjudicator', 'lead'], doing: 'adjudicate' } as const;

export const reviewMethods = {
  'people.list': method({ request: empty, response: reply<Person[]>(), access: 'read', job: false, callers: 'member', blinding: 'no-item-content' }),
  'people.save': method({
    request: z.object({ name: personName, roles: z.array(z.enum(personRoles)).min(1).max(personRoles.length) }).strict(),
    response: reply<Person>(),
    access: 'write',
    job: false,
    callers: lead('add people or change their roles'),
    blinding: 'refused',
  }),
  'people.remove': method({ request: z.object({ name: personName }).strict(), response: reply<null>(), access: 'write', job: false, callers: lead('remove people'), blinding: 'refused' }),
  /** The caller's own passphrase, set, changed (with the current one) or removed (null); what signing in then asks for. */
  'people.setPassphrase': method({
    request: z.object({ passphrase: z.string().min(8).max(200).nullable(), current: z.string().max(200).nullable() }).strict(),
    response: reply<Person>(),
    access: 'write',
    job: false,
    callers: 'member',
    blinding: 'no-item-content',
  }),
  'guidelines.list': method({ request: empty, response: reply<GuidelineVersion[]>(), access: 'read', job: false, callers: 'member', blinding: 'no-item-content' }),
  'guidelines.add': method({
    request: guidelineFieldsSchema.strict(),
    response: reply<GuidelineVersion>(),
    access: 'write',
    job: false,
    callers: lead('record a guideline version'),
    blinding: 'refused',
  }),
  'rounds.list': method({ request: empty, response: reply<RoundSummary[]>(), access: 'read', job: false, callers: 'member', blinding: 'no-item-content' }),
  'rounds.preview': method({
    request: z.object({ selection: roundSelectionSchema, reviewers: z.array(personName).max(500).default([]), reviewsPerItem: z.number().int().min(1).max(20).default(1) }).strict(),
    response: reply<RoundPreview>(),
    access: 'read',
    job: false,
    callers: lead('plan a review round'),
    blinding: 'refused',
  }),
  'rounds.open': method({
    request: roundFieldsSchema.omit({ closed: true, guidelineVersion: true }).strict(),
    response: reply<ReviewRound>(),
    access: 'write',
    job: false,
    callers: lead('open a review round'),
    blinding: 'refused',
  }),
  'rounds.close': method({ request: z.object({ round }).strict(), response: reply<ReviewRound>(), access: 'write', job: false, callers: lead('close a review round'), blinding: 'refused' }),
  /** The caller's assignments (all open rounds, or one), with what is done. */
  'reviews.queue': method({ request: roundOrAll, response: reply<QueueItem[]>(), access: 'read', job: false, callers: 'member', blinding: 'no-item-content' }),
  'reviews.context': method({ request: z.object({ questionId: id }).strict(), response: reply<ReviewContext>(), access: 'read', job: false, callers: 'member', blinding: 'redacted' }),
  'reviews.submit': method({ request: reviewSubmitSchema, response: reply<Review>(), access: 'write', job: false, callers: 'member', blinding: 'own' }),
  'adjudication.queue': method({ request: roundOrAll, response: reply<AdjudicationItem[]>(), access: 'read', job: false, callers: deciders, blinding: 'refused' }),
  'adjudication.decide': method({
    request: adjudicationFieldsSchema.omit({ guidelineVersion: true }).extend({ questionId: id }).strict(),
    response: reply<Adjudication>(),
    access: 'write',
    job: false,
    callers: deciders,
    blinding: 'refused',
  }),
  'agreement.report': method({
    request: z.object({ round: round.nullable().default(null), by: z.enum(reportGroupings).default('none') }).strict(),
    response: reply<AgreementReport>(),
    access: 'read',
    job: false,
    callers: { only: ['adjudicator', 'lead', 'researcher', 'annotator'], doing: 'read the agreement report' },
    blinding: 'refused',
  }),
  /** A blind review package: a project file holding the reviewer's items without the authors' answers. */
  'packages.export': method({
    request: z.object({ round, reviewer: personName, path: filePath }).strict(),
    response: reply<{ path: string; questions: number; videos: number }>(),
    access: 'write',
    job: false,
    callers: lead('export review packages'),
    blinding: 'refused',
  }),
  'packages.import': method({
    request: z.object({ path: filePath }).strict(),
    response: reply<PackageImportOutcome>(),
    access: 'write',
    job: false,
    callers: lead('import review packages'),
    blinding: 'refused',
  }),
};
