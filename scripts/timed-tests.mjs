// These tests measure how long the server holds its event loop and how fast other requests are
// answered meanwhile: beside two other test workers on two cores the machine, not the code, decides
// the answer, so they run on their own afterwards, one file at a time.
// Every file that measures the event loop with tests/fixtures/event-loop.ts must be here
// (tests/unit/timed-tests.test.ts checks), and those that time other requests themselves.
export const TIMED_ALONE = [
  'tests/api/event-loop.test.ts',
  'tests/api/cv-safety.test.ts',
  'server/ai/detector/detector.test.ts',
  'server/ai/reducer/reducer.test.ts',
  'tests/unit/fact-check.test.ts',
  'server/domain/ai/fact-check-linear.test.ts',
  'server/domain/works/export/export.test.ts',
  'tests/api/paid-operations.test.ts',
  'tests/api/fact-dictionary-startup.test.ts',
];
