// The result-format importers: each read on records of its tool's shape — built on the real fixture
// records where the fixtures hold the benchmark's items (PhoStream entries, VCBench eval rows), else
// on the digest's examples — with the line every run line comes from and located problems.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../formats/problems';
import type { RunFileRead, RunLine } from '../run-file';
import { findRunFormat, readAllRuns, runFormatIds, runFormats, type RunFormatId } from '.';

const fixtures = join(__dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'external');
const fixture = (path: string): string => readFileSync(join(fixtures, path), 'utf8');

const read = (format: RunFormatId, text: string, file: string, model?: string): RunFileRead => readAllRuns(findRunFormat(format)!.read(text, file, model ? { model } : {}));
const problems = (r: RunFileRead): string[] => r.problems.map(formatProblem);
/** A line without what every test would repeat. */
const brief = ({ line, model, item, query, video, queryTime, t, response, latency, meta }: RunLine) =>
  Object.fromEntries(Object.entries({ line, model, item, query, video, queryTime, t, response, latency, meta }).filter(([, v]) => v !== undefined));
const indented = (value: unknown): string => `${JSON.stringify(value, null, 4)}\n`;
const jsonl = (rows: unknown[]): string => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

describe('the registry', () => {
  it('lists every format once, the Tidemark run JSONL first', () => {
    expect(runFormats.map((f) => f.id)).toEqual([...runFormatIds]);
    expect(runFormats[0]!.id).toBe('tidemark-run');
    const r = read('tidemark-run', '{"model": "m", "item": "7", "response": "B"}\n{"model": "m", "item": "", "response": "B"}\n', 'r.jsonl');
    expect(r.lines.map(brief)).toEqual([{ line: 1, model: 'm', item: '7', query: 0, response: 'B' }]);
    expect(problems(r)).toEqual(['r.jsonl:2:item: Too small: expected string to have >=1 characters']);
  });
});

describe('OVO-Bench results', () => {
  // records in the shape the offline runner writes (json.dump indent=4), the items from the digest's examples
  const results = {
    backward: [
      { id: 0, video: 'Ego4D/clips/ec4a3ba3-eb00-4aa8-9b41-36043ece98f7.mp4', task: 'EPM', question: 'Who did I communicate to  when chopping egg plants?', response: 'C', ground_truth: 'C' },
    ],
    realtime: [{ id: 12, video: 'MovieNet/tt0048028.mp4', task: 'OCR', question: 'What is written on the sign?', response: null, ground_truth: 'A' }],
    forward: [
      {
        id: 1558,
        task: 'REC',
        video: 'perception_test/video_4017.mp4',
        activity: 'breaking something',
        start_times: [6],
        end_times: [17],
        test_info: [
          { realtime: 17, count: 1, response: '1\n' },
          { realtime: 19, count: 1, response: '1' },
          { realtime: 32.0, count: 1, response: '2' },
        ],
      },
    ],
  };

  it('reads an answer per backward and real-time record and one per forward probe (its query point and time), the model from the runner’s file name', () => {
    const text = indented(results);
    const r = read('ovo-bench-results', text, 'QWen2VL_7B_EPM_OCR_REC_offline_1.json');
    expect(problems(r)).toEqual([]);
    const lineOf = (needle: string, from = 0) => text.slice(0, text.indexOf(needle, from)).split('\n').length;
    const probes = text.indexOf('"test_info"');
    expect(r.lines.map(brief)).toEqual([
      { line: 3, model: 'QWen2VL_7B', item: '0', query: 0, response: 'C', meta: { task: 'EPM', groundTruth: 'C' } },
      { line: lineOf('"id": 12') - 1, model: 'QWen2VL_7B', item: '12', query: 0, response: '', meta: { task: 'OCR', groundTruth: 'A', error: 'no response (null)' } },
      { line: lineOf('"realtime": 17', probes) - 1, model: 'QWen2VL_7B', item: '1558', query: 0, queryTime: 17, response: '1\n', meta: { task: 'REC' } },
      { line: lineOf('"realtime": 19', probes) - 1, model: 'QWen2VL_7B', item: '1558', query: 1, queryTime: 19, response: '1', meta: { task: 'REC' } },
      { line: lineOf('"realtime": 32', probes) - 1, model: 'QWen2VL_7B', item: '1558', query: 2, queryTime: 32, response: '2', meta: { task: 'REC' } },
    ]);
    expect(read('ovo-bench-results', text, 'QWen2VL_7B_EPM_offline_1.json', 'qwen').lines[0]!.model).toBe('qwen');
    expect(read('ovo-bench-results', text, 'results.json').lines[0]!.model).toBe('results');
  });

  it('names the line and field of a bad record, and refuses a file of another shape', () => {
    const bad = structuredClone(results) as Record<string, Array<Record<string, unknown>>>;
    delete bad.backward![0]!.response;
    (bad.forward![0]!.test_info as Array<Record<string, unknown>>)[1]!.realtime = -1;
    const text = indented(bad);
    const r = read('ovo-bench-results', text, 'm.json');
    const probeLine = text.slice(0, text.indexOf('"realtime": -1')).split('\n').length;
    expect(problems(r)).toEqual(['m.json:3:backward[0].response: missing (expected a string, a list of strings or null)', `m.json:${probeLine}:forward[0].test_info[1].realtime: negative`]);
    expect(r.lines.map((l) => l.item)).toEqual(['12']); // a bad record makes no line
    expect(problems(read('ovo-bench-results', '[]', 'm.json'))).toEqual(['m.json:0: expected an object {"backward": […], "realtime": […], "forward": […]}']);
  });
});

describe('OVO-Bench results with list responses (QWen2VL’s)', () => {
  it('keeps a list as a list (its strings joined as the text), an empty list as no text; a list of other things is a problem of its line', () => {
    const results = {
      backward: [
        { id: 297, video: 'v.mp4', task: 'HLD', question: 'q', response: ['B'], ground_truth: 'B' },
        { id: 298, video: 'v.mp4', task: 'HLD', question: 'q', response: [], ground_truth: 'B' },
        { id: 299, video: 'v.mp4', task: 'HLD', question: 'q', response: ['A.', 'B'], ground_truth: 'B' },
        { id: 300, video: 'v.mp4', task: 'HLD', question: 'q', response: [1], ground_truth: 'B' },
      ],
      realtime: [],
      forward: [{ id: 1558, task: 'REC', video: 'p.mp4', start_times: [6], end_times: [17], test_info: [{ realtime: 17, count: 1, response: ['1'] }] }],
    };
    const text = indented(results);
    const r = read('ovo-bench-results', text, 'QWen2VL_72B_ASI_HLD_offline.json');
    expect(r.lines.map((l) => [l.item, l.response, l.meta])).toEqual([
      ['297', 'B', { task: 'HLD', groundTruth: 'B', responseList: ['B'] }],
      ['298', '', { task: 'HLD', groundTruth: 'B', responseList: [] }],
      ['299', 'A.\nB', { task: 'HLD', groundTruth: 'B', responseList: ['A.', 'B'] }],
      ['1558', '1', { task: 'REC', responseList: ['1'] }],
    ]);
    const line = text.slice(0, text.indexOf('"id": 300')).split('\n').length;
    expect(problems(r)).toEqual([`QWen2VL_72B_ASI_HLD_offline.json:${line + 4}:backward[3].response: expected a string, a list of strings or null`]);
  });
});

describe('OVO-S-Bench inference results', () => {
  const document = {
    model: 'gpt-4o',
    model_config: { max_frames: 64 },
    prompt_style: 'default',
    started_at: '2026-01-02T10:00:00',
    completed_at: '2026-01-02T11:00:00',
    total_queries: 3,
    results: [
      {
        query_id: '1.1.1_0_q0',
        annotation_id: '1.1.1_0',
        query_index: 0,
        task_subcategory: '1.1.1',
        task_type_name: 'Object recognition',
        query_time: 12.5,
        question: 'What is held?',
        options: [
          ['A', 'a cup'],
          ['B', 'a pen'],
        ],
        response: 'Answer: B',
        ground_truth: 'B',
        num_frames: 13,
      },
      {
        query_id: '1.1.1_0_q1',
        annotation_id: '1.1.1_0',
        query_index: 1,
        task_subcategory: '1.1.1',
        task_type_name: 'Object recognition',
        query_time: 30.0,
        question: 'What is held?',
        options: [
          ['A', 'a cup'],
          ['B', 'a pen'],
        ],
        response: 'A',
        ground_truth: 'A',
        num_frames: 31,
      },
      { query_id: '4.2_007_q2', annotation_id: '4.2_007', error: 'CUDA out of memory', response: null, ground_truth: 'C' },
    ],
  };

  it('reads each result as its annotation’s query point at its time, the model from the file; an error result with no response is left out by line, as score.py skips it', () => {
    const text = indented(document);
    const r = read('ovo-s-results', text, 'gpt-4o_level_1.json', 'ignored: the file names its model');
    expect(problems(r)).toEqual([]);
    expect(r.lines.map(({ model, item, query, queryTime, response, meta }) => ({ model, item, query, queryTime, response, meta }))).toEqual([
      { model: 'gpt-4o', item: '1.1.1_0', query: 0, queryTime: 12.5, response: 'Answer: B', meta: undefined },
      { model: 'gpt-4o', item: '1.1.1_0', query: 1, queryTime: 30, response: 'A', meta: undefined },
    ]);
    const line = text.slice(0, text.indexOf('"4.2_007_q2"')).split('\n').length;
    expect((r.unmatched ?? []).map(formatProblem)).toEqual([
      `gpt-4o_level_1.json:${line}:results[2].query_id: an error result with no response (CUDA out of memory): left out, as the release's score.py leaves error results out`,
    ]);
  });

  it('reads a null response without an error, or an error beside a response, as score.py scores them: the response (an empty one wrong)', () => {
    const results = [
      { query_id: '5_q0', annotation_id: 5, query_index: 0, query_time: 3, response: null, ground_truth: 'A' },
      { query_id: '6_q0', annotation_id: 6, error: 'finish_reason: length', response: '', ground_truth: 'A' },
      { query_id: '7_q0', annotation_id: 7, error: 'Request timed out', ground_truth: 'A' },
    ];
    const r = read('ovo-s-results', indented({ model: 'm', results }), 'r.json');
    expect(problems(r)).toEqual([]);
    expect(r.lines.map(({ item, query, response, meta }) => ({ item, query, response, meta }))).toEqual([
      { item: '5', query: 0, response: '', meta: { error: 'no response (null)' } },
      { item: '6', query: 0, response: '', meta: undefined },
    ]);
    expect((r.unmatched ?? []).map((p) => p.reason)).toEqual(["an error result with no response (Request timed out): left out, as the release's score.py leaves error results out"]);
  });

  it('names the line and field of a bad result, and refuses a file without its model', () => {
    const bad = structuredClone(document);
    bad.results[1]!.query_id = 'q1';
    const text = indented(bad);
    const line = text.slice(0, text.indexOf('"q1"')).split('\n').length;
    expect(problems(read('ovo-s-results', text, 'r.json'))).toEqual([`r.json:${line}:results[1].query_id: expected "<annotation id>_q<index>"`]);
    expect(problems(read('ovo-s-results', indented({ results: [] }), 'r.json'))).toEqual(['r.json:0: expected an object {"model": "…", "results": […]} (OVO-S-Bench inference output)']);
  });
});

describe('VCBench results', () => {
  // the fixture's eval rows (raw bytes of data/vcbench_eval.jsonl) as demo_gemini.py and unify_results.py turn them into results
  const evalRows = fixture('vcbench/vcbench_eval.sample.jsonl')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id: string; query_time: number; [field: string]: unknown });
  const predictions = ['2', '3', 'zero', '1', '2', '4'];
  const rawRows = evalRows.map((row, i) => ({
    ...row,
    prediction: predictions[i],
    raw_response: `${predictions[i]}\n`,
    finish_reason: 'STOP',
    block_reason: null,
    prompt_tokens: 1000,
    output_tokens: 1,
    total_tokens: 1001,
  }));
  const unified = (rows: typeof rawRows) => {
    const grouped = new Map<string, { id: string; query_times: number[]; predictions: Array<number | null>; gts: null[] }>();
    for (const r of rows) {
      const g = grouped.get(r.id) ?? { id: r.id, query_times: [], predictions: [], gts: [] };
      grouped.set(r.id, g);
      g.query_times.push(r.query_time);
      g.predictions.push(/^-?\d+$/.test(String(r.prediction)) ? Number(r.prediction) : null);
      g.gts.push(null); // the unifier reads ground_truth/gt, which raw rows do not have (digest §3)
    }
    return [...grouped.values()];
  };

  it('unified: prediction k answers query point k of the id at query_times[k]; null is no response', () => {
    const r = read('vcbench-unified', jsonl(unified(rawRows)), 'gemini_unified.jsonl');
    expect(problems(r)).toEqual([]);
    expect(r.lines.map(brief)).toEqual([
      { line: 1, model: 'gemini_unified', item: '0000', query: 0, queryTime: 663, response: '2' },
      { line: 1, model: 'gemini_unified', item: '0000', query: 1, queryTime: 665.3, response: '3' },
      { line: 1, model: 'gemini_unified', item: '0000', query: 2, queryTime: 829.7, response: '', meta: { error: 'no integer prediction (null)' } },
      { line: 2, model: 'gemini_unified', item: '0799', query: 0, queryTime: 204.67, response: '1' },
      { line: 2, model: 'gemini_unified', item: '0799', query: 1, queryTime: 873, response: '2' },
      { line: 2, model: 'gemini_unified', item: '0799', query: 2, queryTime: 1018.67, response: '4' },
    ]);
    const bad = jsonl([
      { id: '0000', query_times: [1, 2], predictions: [1], gts: [] },
      { id: '0001', query_times: [-3], predictions: [1] },
    ]);
    expect(problems(read('vcbench-unified', bad, 'u.jsonl', 'gemini'))).toEqual(['u.jsonl:1:predictions: has 1 predictions for 2 query times', 'u.jsonl:2:query_times[0]: negative']);
  });

  it('raw rows: the prediction (what unify_results.py reads) at the row’s query point, with its video and time for the matcher', () => {
    const r = read('vcbench-raw', jsonl(rawRows), 'vcbench_gemini_demo.jsonl', 'gemini-3-flash-preview');
    expect(problems(r)).toEqual([]);
    expect(r.lines.map(brief)[3]).toEqual({
      line: 4,
      model: 'gemini-3-flash-preview',
      item: '0799',
      query: 0,
      video: '-FZTi5EfPSQ.mp4',
      queryTime: 204.67,
      response: '1',
      meta: { rawResponse: '1\n' },
    });
    const noText = read('vcbench-raw', jsonl([{ ...rawRows[0], prediction: null, raw_response: 'blocked' }]), 'r.jsonl');
    expect(noText.lines[0]).toMatchObject({ response: '', meta: { error: 'no prediction (null)', rawResponse: 'blocked' } });
    // unify_results.py: r.get('prediction', r.get('pred')); a number is int()'d (5.7 → 5)
    const { prediction: _p, raw_response: _r, ...row } = rawRows[0]!;
    expect(read('vcbench-raw', jsonl([{ ...row, pred: ' 4' }, { ...row, prediction: 5.7 }, row]), 'r.jsonl').lines.map((l) => [l.response, l.meta])).toEqual([
      [' 4', undefined],
      ['5', undefined],
      ['', { error: 'no prediction (neither "prediction" nor "pred")' }],
    ]);
    expect(problems(read('vcbench-raw', jsonl([{ ...rawRows[0], query_time: '663' }]), 'r.jsonl'))).toEqual(['r.jsonl:1:query_time: Invalid input: expected number, received string']);
  });
});

describe('StreamingBench run file', () => {
  // the digest's entries with two models' answers added as the runners add them (question[<model>] = response)
  const file = [
    {
      time: '[0:00:00 - 0:00:10]',
      video_categories: 'preparation_of_meals',
      video_path: './videos/sample_348_real.mp4',
      questions: [
        {
          task_type: 'Clips Summarize',
          question: 'Which of the following options best summarizes the actions of the individual taken just now?',
          time_stamp: '00:00:31',
          answer: 'C',
          options: ['A. The individual organized serving trays …', 'B. …', 'C. …', 'D. …'],
          required_ability: 'episodic memory',
          'MiniCPM-V': 'C',
          IXC2d5_OL: 'B. The individual…',
        },
      ],
    },
    {
      video_path: './videos/sample_12_proactive.mp4',
      questions: [
        {
          task_type: 'Proactive Output',
          question: 'When the scoreboard shows 3 points for USA, output "3".',
          time_stamp: '00:00:20',
          ground_truth_time_stamp: '00:00:29',
          ground_truth_output: '3',
          required_ability: 'working memory',
          'MiniCPM-V': {
            answered: 30,
            dialog_history: [
              { role: 'user', content: 'Is it the right time to output "3"?', time: 30, cost: 0 },
              { role: 'assistant', content: '3', time: 30, cost: 0.8 },
            ],
          },
        },
      ],
    },
  ];

  it('reads every model’s answer, naming its question by its place (the n-th of its video), with the entry’s video and the question’s time (a proactive one: its last turn, when and how long)', () => {
    const text = indented(file);
    const r = read('streamingbench-run', text, 'questions_real_output.json');
    expect(problems(r)).toEqual([]);
    const at = (needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;
    expect(r.lines.map(brief)).toEqual([
      { line: at('"MiniCPM-V": "C"'), model: 'MiniCPM-V', item: 'videos/sample_348_real.mp4#0', query: 0, video: 'videos/sample_348_real.mp4', queryTime: 31, response: 'C' },
      { line: at('"IXC2d5_OL"'), model: 'IXC2d5_OL', item: 'videos/sample_348_real.mp4#0', query: 0, video: 'videos/sample_348_real.mp4', queryTime: 31, response: 'B. The individual…' },
      {
        line: at('"MiniCPM-V": {'),
        model: 'MiniCPM-V',
        item: 'videos/sample_12_proactive.mp4#0',
        query: 0,
        video: 'videos/sample_12_proactive.mp4',
        queryTime: 20,
        t: 30,
        latency: 0.8,
        response: '3',
        meta: file[1]!.questions[0]!['MiniCPM-V'],
      },
    ]);
    expect(read('streamingbench-run', text, 'out.json', 'IXC2d5_OL').lines.map((l) => l.model)).toEqual(['IXC2d5_OL']);
    // the SQA file: a list of lists of entries
    const sqa = read('streamingbench-run', indented([[file[0], file[1]]]), 'questions_sqa_output.json', 'MiniCPM-V');
    expect(sqa.lines.map((l) => [l.video, l.queryTime, l.response])).toEqual([
      ['videos/sample_348_real.mp4', 31, 'C'],
      ['videos/sample_12_proactive.mp4', 20, '3'],
    ]);
  });

  it('names a key that is neither a StreamingBench field nor an answer, and a bad time', () => {
    const bad = structuredClone(file) as Array<{ questions: Array<Record<string, unknown>> }>;
    bad[0]!.questions[0]!.difficulty = 3;
    bad[1]!.questions[0]!.time_stamp = 'soon';
    expect(problems(read('streamingbench-run', indented([bad]), 'sqa.json', 'MiniCPM-V'))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^sqa\.json:\d+:\[0\]\[1\]\.questions\[0\]\.time_stamp: not a time/)]),
    );
    // a time the release's runners read their own way is read so ("00:00:8" is 8 s, "00:12450" 12,450 s)
    const odd = structuredClone(file) as Array<{ questions: Array<Record<string, unknown>> }>;
    odd[0]!.questions[0]!.time_stamp = '00:12450';
    odd[1]!.questions[0]!.time_stamp = '00:00:8';
    expect(read('streamingbench-run', indented(odd), 'out.json', 'MiniCPM-V').lines.map((l) => l.queryTime)).toEqual([12450, 8]);
    const text = indented(bad);
    const at = (needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;
    expect(problems(read('streamingbench-run', text, 'out.json'))).toEqual([
      `out.json:${at('"difficulty"')}:[0].questions[0].difficulty: not a StreamingBench field, nor a model’s answer (its text, or {answered, dialog_history} for a proactive question); name the model to read only its answers`,
      `out.json:${at('"soon"')}:[1].questions[0].time_stamp: not a time (HH:MM:SS, nor whole numbers joined by ":" as the release's runners read)`,
    ]);
  });

  it("numbers a video's questions across its entries, so two asked at one time stay apart; reads a null answer and an empty dialog as count.py meets them", () => {
    const q = (question: string, time_stamp: string, answer: unknown) => ({ task_type: 'Counting', question, time_stamp, answer: 'A', options: ['A. 1', 'B. 2', 'C. 3', 'D. 4'], m: answer });
    const doc = [
      { video_path: './videos/v.mp4', questions: [q('How many cups?', '00:01:20', 'A'), q('How many cups now?', '00:01:20', null)] },
      { video_path: './videos/w.mp4', questions: [q('How many plates?', '00:00:10', 'B')] },
      { video_path: './videos/v.mp4', questions: [q('How many forks?', '00:01:20', { answered: false, dialog_history: [] })] },
    ];
    const r = read('streamingbench-run', indented(doc), 'out.json', 'm');
    expect(problems(r)).toEqual([]);
    expect(r.lines.map((l) => [l.item, l.queryTime, l.response, l.meta])).toEqual([
      ['videos/v.mp4#0', 80, 'A', undefined],
      ['videos/v.mp4#1', 80, '', { error: 'answer: null (count.py passes over it in the SQA file and stops on it in the others)' }],
      ['videos/w.mp4#0', 10, 'B', undefined],
      ['videos/v.mp4#2', 80, '', { answered: false, dialog_history: [], error: 'an empty dialog history (count.py stops on it)' }],
    ]);
  });
});

describe('PhoStream run output', () => {
  // the fixture's entries as run_stream_eval.py loads them (video resolved, sqa and id added) with the responses it streamed
  const entries = JSON.parse(fixture('phostream/phostream_annotations.sample.json')) as Array<{ video_path: string; verified_responses: unknown[] }>;
  const forward = entries[1]!; // questions at 00:36 (T_p 00:42) and 01:20 (T_p 01:26), …
  const stream = (responses: Array<[string, string]>) => responses.map(([timestamp, response]) => ({ timestamp, response, raw_response: response, status_code: 200, runtime_ms: 850.5 }));
  const row = (entry: typeof forward, responses: Array<[string, string]>) => ({
    ...entry,
    video: `/data/PhoStream/${entry.video_path}`,
    id: 2,
    uuid: '3f2a9c1d',
    stream_addr: '/cache/3f2a9c1d',
    video_info: { duration: 900 },
    source: entry.video_path,
    responses: stream(responses),
    bench: 'phostream',
  });

  it('gives each response to the questions open when it came, as "<video_path>#<index>" with the video and time asked', () => {
    const text = jsonl([
      row(forward, [
        ['00:10', 'Hello there'],
        ['00:36', 'Silent'],
        ['00:42', 'She decides to borrow scrub pants.'],
        ['00:50', 'Silent'],
        ['01:00', 'She is walking now.'],
        ['01:21', 'Silent'],
      ]),
    ]);
    const r = read('phostream-run', text, 'phostream.jsonl', 'qwen2.5-omni');
    expect(problems(r)).toEqual([]);
    expect(r.unmatched?.map(formatProblem)).toEqual(['phostream.jsonl:1:responses[0]: a response at 0:10, before any question of the video is asked']);
    const q = (k: number, asked: number) => ({ item: `${forward.video_path}#${k}`, video: forward.video_path, queryTime: asked });
    expect(r.lines.map(({ item, video, queryTime, t, response, latency }) => ({ item, video, queryTime, t, response, latency }))).toEqual([
      { ...q(0, 36), t: 36, response: 'Silent', latency: 0.8505 },
      { ...q(0, 36), t: 42, response: 'She decides to borrow scrub pants.', latency: 0.8505 },
      // 00:50 "Silent" is past every window and answers nothing; 01:00 is a late answer to the question asked last
      { ...q(0, 36), t: 60, response: 'She is walking now.', latency: 0.8505 },
      { ...q(1, 80), t: 81, response: 'Silent', latency: 0.8505 },
    ]);
    expect(new Set(r.lines.map((l) => l.model))).toEqual(new Set(['qwen2.5-omni']));
  });

  it('reads the runner’s "new format" (sqa events) by video and time asked; a response in two open windows answers both', () => {
    const sqa = [
      { event_id: 1, timestamp: '00:05', type: 'instant', question: 'What is on the table?', response: 'A cup.' },
      { event_id: 2, timestamp: '00:06', type: 'forward', question: 'Tell me when the kettle boils.' },
      { event_id: 3, timestamp: '00:20', response: 'The kettle boils now.' },
    ];
    const r = read(
      'phostream-run',
      jsonl([
        {
          video_path: 'clips/kitchen.mp4',
          sqa,
          responses: stream([
            ['00:06', 'A cup on the table.'],
            ['00:21', 'It boils.'],
          ]),
        },
      ]),
      'run.jsonl',
    );
    expect(r.lines.map(({ item, video, queryTime, t }) => ({ item, video, queryTime, t }))).toEqual([
      { item: '', video: 'clips/kitchen.mp4', queryTime: 5, t: 6 },
      { item: '', video: 'clips/kitchen.mp4', queryTime: 6, t: 6 },
      { item: '', video: 'clips/kitchen.mp4', queryTime: 6, t: 21 },
    ]);
  });

  it("reads a null or missing response as the release does (no answer), saying so, and keeps a failed call's status", () => {
    const edited = row(forward, [
      ['00:42', 'x'],
      ['00:43', 'x'],
      ['00:44', '[ERROR] 502 Server Error: Bad Gateway'],
    ]);
    const responses = edited.responses as Array<Record<string, unknown>>;
    responses[0]!.response = null;
    delete responses[1]!.response;
    responses[2]!.status_code = 502;
    const r = read('phostream-run', jsonl([edited]), 'run.jsonl');
    expect(problems(r)).toEqual([]);
    expect(r.lines.map(({ t, response, meta }) => ({ t, response, meta }))).toEqual([
      { t: 42, response: '', meta: { error: 'response: null (no answer, as the release reads it)' } },
      { t: 43, response: '', meta: { error: 'no response field (no answer, as the release reads it)' } },
      { t: 44, response: '[ERROR] 502 Server Error: Bad Gateway', meta: { status_code: 502 } },
    ]);
  });

  it('names the line and field of a bad response, and a row without its questions', () => {
    const bad = row(forward, [['00:42', 'ok']]);
    bad.responses[0]!.timestamp = '42 s';
    const text = jsonl([bad, { video_path: 'a.mp4', responses: [] }]);
    expect(problems(read('phostream-run', text, 'run.jsonl'))).toEqual([
      'run.jsonl:1:responses[0].timestamp: not a time (seconds, MM:SS or HH:MM:SS)',
      'run.jsonl:2:verified_responses: missing (the questions: verified_responses or sqa)',
    ]);
  });
});

describe('PhoStream scoring details', () => {
  const details = [
    {
      sample_id: 2,
      question_time: '00:36',
      question: 'Wait until she explains her plan…',
      answer_time: '00:42',
      answer: 'After realizing…',
      response_time: '00:43',
      response: 'She will borrow pants.',
      score: 80.0,
      category: 'PartlyCorrect',
      task_type: 'forward',
      is_objective: false,
      explanation: 'Mostly right.',
    },
    {
      sample_id: 2,
      question_time: '01:20',
      question: 'What does she find?',
      answer_time: '01:26',
      answer: 'She opens…',
      response_time: '01:26',
      response: '',
      score: 0.0,
      category: 'NoResponse',
      task_type: 'forward',
      is_objective: false,
      explanation: '',
    },
  ];

  it('reads the response the scorer took, naming the video by its sample number, with the verdict in meta', () => {
    const r = read('phostream-details', jsonl(details), 'result_details.jsonl', 'gemini');
    expect(r.lines.map(brief)).toEqual([
      {
        line: 1,
        model: 'gemini',
        item: '',
        query: 0,
        video: '#2',
        queryTime: 36,
        t: 43,
        response: 'She will borrow pants.',
        meta: { score: 80, category: 'PartlyCorrect', explanation: 'Mostly right.' },
      },
      { line: 2, model: 'gemini', item: '', query: 0, video: '#2', queryTime: 80, t: 86, response: '', meta: { score: 0, category: 'NoResponse' } },
    ]);
    expect(problems(read('phostream-details', jsonl([{ ...details[0], sample_id: 'two' }]), 'd.jsonl'))).toEqual(['d.jsonl:1:sample_id: expected the video’s number in the benchmark file']);
  });
});

describe('RTV-Bench results', () => {
  const record = {
    video: 'SportsCam_004.mp4',
    field: 'sports_cam',
    start_time: 0.0,
    end_time: 119.08,
    questionID: 'q-group-9eq4fqfqg-2-option2',
    type: 'Event-SR',
    question: 'Which team will most likely score next?',
    options: { A: 'Red', B: 'Blue', C: 'Neither', D: 'Both' },
    answer: 'B',
  };

  it('reads pred as the answer to questionID at its end_time, the model from the runner’s file name', () => {
    const r = read(
      'rtv-results',
      indented([
        { ...record, pred: 'B', correct: true },
        { ...record, questionID: 'q-group-9eq4fqfqg-0', pred: null, error: 'timeout' },
      ]),
      'Qwen2.5-VL-7B_nframes32.json',
    );
    expect(r.lines.map(brief)).toEqual([
      { line: 2, model: 'Qwen2.5-VL-7B', item: 'q-group-9eq4fqfqg-2-option2', query: 0, queryTime: 119.08, response: 'B' },
      { line: 20, model: 'Qwen2.5-VL-7B', item: 'q-group-9eq4fqfqg-0', query: 0, queryTime: 119.08, response: '', meta: { error: 'timeout' } },
    ]);
    expect(problems(read('rtv-results', indented([record]), 'r.json'))).toEqual(['r.json:2:[0].pred: missing (expected string)']);
  });
});
