import { describe, expect, it } from 'vitest';
import { REPORT_CSV_HEADER, reportToCsv, reportToJson, reportToMarkdown } from './report-format';
import type { AgreementReport } from './types';

const report: AgreementReport = {
  project: 'Demo',
  round: 2,
  roundName: 'Pilot',
  by: 'level',
  generatedAt: '2025-06-01T12:00:00Z',
  funnel: { items: 10, reviewed: 8, agreed: 5, escalated: 3, accepted: 6, revised: 1, rejected: 1, awaitingDecision: 1 },
  pairs: [
    {
      on: 'answers',
      answerKind: 'choice',
      stratum: 'all',
      a: 'ann',
      b: 'bob',
      units: 10,
      percent: 0.8,
      percentCi95: [0.4902, 0.9433],
      kappa: 7 / 12,
      kappaLinear: null,
      kappaQuadratic: null,
      ci95: [0.1, 1.0666666],
      band: 'moderate',
      matrix: {
        labels: ['A', 'B'],
        counts: [
          [5, 1],
          [1, 3],
        ],
      },
      withinTolerance: null,
    },
    {
      on: 'answers',
      answerKind: 'choice',
      stratum: 'L|1',
      a: 'ann',
      b: 'bo "B", jr',
      units: 3,
      percent: 1,
      percentCi95: [0.4385, 1],
      kappa: null,
      kappaLinear: null,
      kappaQuadratic: null,
      ci95: null,
      band: null,
      matrix: { labels: ['yes'], counts: [[3]] },
      withinTolerance: null,
    },
    {
      on: 'verdicts',
      answerKind: null,
      stratum: 'all',
      a: 'cat',
      b: 'dan',
      units: 5,
      percent: 0.6,
      percentCi95: [0.2307, 0.8824],
      kappa: 6 / 11,
      kappaLinear: 23 / 28,
      kappaQuadratic: 92 / 97,
      ci95: [0.0123, 1.0787],
      band: 'moderate',
      matrix: {
        labels: ['2', '3'],
        counts: [
          [2, 1],
          [1, 1],
        ],
      },
      withinTolerance: 0.8,
    },
  ],
  groups: [
    {
      on: 'verdicts',
      answerKind: null,
      stratum: 'all',
      units: 4,
      raters: 3,
      percent: 0.5,
      percentCi95: [0.15, 0.85],
      fleiss: 5 / 11,
      fleissCi95: [-0.0512, 0.9603],
      alphaNominal: 0.5,
      alphaCi95: [0.0125, 1],
      alphaBootstrap: { draws: 1000, seed: 1, undefinedDraws: 0 },
      band: 'moderate',
    },
    {
      on: 'answers',
      answerKind: 'yesno',
      stratum: 'all',
      units: 4,
      raters: 4,
      percent: 0.75,
      percentCi95: [0.3006, 0.9544],
      fleiss: null,
      fleissCi95: null,
      alphaNominal: 0.75,
      alphaCi95: [0.2, 1],
      alphaBootstrap: { draws: 1000, seed: 1, undefinedDraws: 62 },
      band: 'substantial',
    },
  ],
  timeMarks: [
    { stratum: 'all', a: 'ann', b: 'bob', evidenceUnits: 2, meanTIoU: 7 / 24, eventUnits: 0, eventF1: null, eventTolerance: 1 },
    { stratum: 'L2', a: 'ann', b: 'bob', evidenceUnits: 0, meanTIoU: null, eventUnits: 1, eventF1: 4 / 7, eventTolerance: 0.5 },
  ],
  qualification: [
    { person: 'bob', units: 10, kappa: 7 / 12, threshold: 0.8, qualified: false },
    { person: 'eve', units: 4, kappa: -0.0004, threshold: 0.8, qualified: false },
  ],
  notes: ['κ undefined for ann vs bo "B", jr (answers, L|1): one label only.'],
};

describe('reportToMarkdown', () => {
  it('writes every table with 3-decimal numbers, 1-decimal percentages and — for null', () => {
    expect(reportToMarkdown(report)).toBe(
      [
        '# Agreement report — Demo, round 2: Pilot',
        '',
        'Generated 2025-06-01T12:00:00Z. Strata: level.',
        '',
        '## Funnel',
        '',
        '| Step | Items |',
        '| --- | ---: |',
        '| Items | 10 |',
        '| Reviewed | 8 |',
        '| Agreed | 5 |',
        '| Escalated | 3 |',
        '| Accepted | 6 |',
        '| Revised | 1 |',
        '| Rejected | 1 |',
        '| Awaiting decision | 1 |',
        '',
        '## Pairwise agreement',
        '',
        '| On | Stratum | A | B | n | % agreement [95 % CI] | κ [95 % CI] | Band | κ_w linear | κ_w quadratic | Within tolerance (%) |',
        '| --- | --- | --- | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |',
        '| answers (choice) | all | ann | bob | 10 | 80.0 [49.0, 94.3] | 0.583 [0.100, 1.067] | moderate | — | — | — |',
        '| answers (choice) | L\\|1 | ann | bo "B", jr | 3 | 100.0 [43.9, 100.0] | — | — | — | — | — |',
        '| verdicts | all | cat | dan | 5 | 60.0 [23.1, 88.2] | 0.545 [0.012, 1.079] | moderate | 0.821 | 0.948 | 80.0 |',
        '',
        '## Group agreement',
        '',
        "| On | Stratum | Units | Raters | % agreement [95 % CI] | Fleiss' κ [95 % CI] | α (nominal) [95 % CI] | Band |",
        '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |',
        '| verdicts | all | 4 | 3 | 50.0 [15.0, 85.0] | 0.455 [-0.051, 0.960] | 0.500 [0.013, 1.000] | moderate |',
        '| answers (yesno) | all | 4 | 4 | 75.0 [30.1, 95.4] | — | 0.750 [0.200, 1.000] | substantial |',
        '',
        "Intervals: % agreement Wilson's; Fleiss' κ large-sample (Gwet 2021's variance); α a percentile bootstrap over the units, 1000 draws, seed 1 (draws with one label only, where α is undefined, left out: 62 in answers (yesno) all).",
        '',
        '## Time marks',
        '',
        '| Stratum | Author | Reviewer | Evidence units | Mean tIoU | Event units | Event F1 | Tolerance (s) |',
        '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |',
        '| all | ann | bob | 2 | 0.292 | 0 | — | 1 |',
        '| L2 | ann | bob | 0 | — | 1 | 0.571 | 0.5 |',
        '',
        '## Qualification',
        '',
        '| Reviewer | Units | κ | Threshold (κ >) | Qualified |',
        '| --- | ---: | ---: | ---: | --- |',
        '| bob | 10 | 0.583 | 0.800 | no |',
        '| eve | 4 | 0.000 | 0.800 | no |',
        '',
        '## Confusion matrices (all strata)',
        '',
        '### Answers (choice): ann vs bob',
        '',
        '| ann \\ bob | A | B |',
        '| --- | ---: | ---: |',
        '| A | 5 | 1 |',
        '| B | 1 | 3 |',
        '',
        '### Verdicts: cat vs dan',
        '',
        '| cat \\ dan | 2 | 3 |',
        '| --- | ---: | ---: |',
        '| 2 | 2 | 1 |',
        '| 3 | 1 | 1 |',
        '',
        '## Notes',
        '',
        '- κ undefined for ann vs bo "B", jr (answers, L|1): one label only.',
        '',
      ].join('\n'),
    );
  });

  it('leaves out what has nothing to show, and drops the weighted columns when no pair has them', () => {
    const bare: AgreementReport = { ...report, round: null, roundName: null, by: 'none', funnel: null, pairs: [report.pairs[0]!], groups: [], timeMarks: [], qualification: null, notes: [] };
    expect(reportToMarkdown(bare)).toBe(
      [
        '# Agreement report — Demo, all rounds',
        '',
        'Generated 2025-06-01T12:00:00Z. Strata: none.',
        '',
        '## Pairwise agreement',
        '',
        '| On | Stratum | A | B | n | % agreement [95 % CI] | κ [95 % CI] | Band | Within tolerance (%) |',
        '| --- | --- | --- | --- | ---: | ---: | ---: | --- | ---: |',
        '| answers (choice) | all | ann | bob | 10 | 80.0 [49.0, 94.3] | 0.583 [0.100, 1.067] | moderate | — |',
        '',
        '## Confusion matrices (all strata)',
        '',
        '### Answers (choice): ann vs bob',
        '',
        '| ann \\ bob | A | B |',
        '| --- | ---: | ---: |',
        '| A | 5 | 1 |',
        '| B | 1 | 3 |',
        '',
      ].join('\n'),
    );
  });
});

describe('reportToCsv', () => {
  it('writes one row per funnel step, pair, group, time-mark part and qualification, quoted per RFC 4180', () => {
    const lines = reportToCsv(report).split('\n');
    expect(lines[0]).toBe(
      'section,on,answer_kind,stratum,a,b,units,raters,percent,kappa,kappa_linear,kappa_quadratic,ci_low,ci_high,band,fleiss,alpha,within_tolerance,mean_tiou,event_f1,threshold,qualified,' +
        'percent_ci_low,percent_ci_high,fleiss_ci_low,fleiss_ci_high,alpha_ci_low,alpha_ci_high,alpha_draws,alpha_seed,alpha_undefined_draws',
    );
    const none = ',,,,,,,,,';
    expect(lines.slice(1)).toEqual([
      `funnel,,,,items,,10,,,,,,,,,,,,,,,${none}`,
      `funnel,,,,reviewed,,8,,,,,,,,,,,,,,,${none}`,
      `funnel,,,,agreed,,5,,,,,,,,,,,,,,,${none}`,
      `funnel,,,,escalated,,3,,,,,,,,,,,,,,,${none}`,
      `funnel,,,,accepted,,6,,,,,,,,,,,,,,,${none}`,
      `funnel,,,,revised,,1,,,,,,,,,,,,,,,${none}`,
      `funnel,,,,rejected,,1,,,,,,,,,,,,,,,${none}`,
      `funnel,,,,awaitingDecision,,1,,,,,,,,,,,,,,,${none}`,
      'pair,answers,choice,all,ann,bob,10,2,0.8,0.5833333333333334,,,0.1,1.0666666,moderate,,,,,,,,0.4902,0.9433,,,,,,,',
      'pair,answers,choice,L|1,ann,"bo ""B"", jr",3,2,1,,,,,,,,,,,,,,0.4385,1,,,,,,,',
      'pair,verdicts,,all,cat,dan,5,2,0.6,0.5454545454545454,0.8214285714285714,0.9484536082474226,0.0123,1.0787,moderate,,,0.8,,,,,0.2307,0.8824,,,,,,,',
      'group,verdicts,,all,,,4,3,0.5,,,,,,moderate,0.45454545454545453,0.5,,,,,,0.15,0.85,-0.0512,0.9603,0.0125,1,1000,1,0',
      'group,answers,yesno,all,,,4,4,0.75,,,,,,substantial,,0.75,,,,,,0.3006,0.9544,,,0.2,1,1000,1,62',
      `time-mark,evidence,,all,ann,bob,2,,,,,,,,,,,,0.2916666666666667,,,${none}`,
      `time-mark,events,,L2,ann,bob,1,,,,,,,,,,,,,0.5714285714285714,0.5,${none}`,
      `qualification,,,,bob,,10,,,0.5833333333333334,,,,,,,,,,,0.8,false${none}`,
      `qualification,,,,eve,,4,,,-0.0004,,,,,,,,,,,0.8,false${none}`,
      '',
    ]);
    expect(lines.slice(1, -1).every((l) => l.replace(/"[^"]*(?:""[^"]*)*"/g, 'x').split(',').length === REPORT_CSV_HEADER.length)).toBe(true);
  });

  it('quotes line breaks too', () => {
    const csv = reportToCsv({ ...report, funnel: null, pairs: [], groups: [], timeMarks: [], qualification: [{ person: 'a\nb', units: 0, kappa: null, threshold: 0.8, qualified: false }] });
    expect(csv).toBe(`${REPORT_CSV_HEADER.join(',')}\nqualification,,,,"a\nb",,0,,,,,,,,,,,,,,0.8,false,,,,,,,,,\n`);
  });
});

describe('reportToJson', () => {
  it('is the report, indented, with a final newline', () => {
    const json = reportToJson(report);
    expect(json.endsWith('}\n')).toBe(true);
    expect(json.split('\n')[1]).toBe('  "project": "Demo",');
    expect(JSON.parse(json)).toEqual(report);
  });
});
