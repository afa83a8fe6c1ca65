/**
 * `npm run billing:cancellations-csv`: the cancellation questionnaire's answers as CSV (issue 13,
 * spec §4). Work in progress.
 */
export {};
