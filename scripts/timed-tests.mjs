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

// When CI has a PostgreSQL (.ci/run), the API suite runs once, on it; these files also run on the
// embedded PGlite, because their subject is the database's own behaviour where the two differ (one
// connection that serialises every transaction, in-process LISTEN/NOTIFY, storage in a folder):
// money under concurrency, the job runner's locks, realtime events, storage faults, shutdown,
// backup and restore, account merge and deletion. The end-to-end suite runs on PGlite throughout.
export const EMBEDDED_DATABASE_API_TESTS = [
  'tests/api/points.test.ts',
  'tests/api/payments.test.ts',
  'tests/api/honest-charging.test.ts',
  'tests/api/auth.test.ts',
  'tests/api/jobs.test.ts',
  'tests/api/realtime.test.ts',
  'tests/api/records.test.ts',
  'tests/api/shutdown.test.ts',
  'tests/api/backup-restore.test.ts',
  'tests/api/account-merge.test.ts',
  'tests/api/data-export-deletion.test.ts',
];
