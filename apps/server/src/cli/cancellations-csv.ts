import { writeFile } from 'node:fs/promises';
import { loadConfig } from '@/config';
import { openDatabase } from '@/db/open';
import {
  cancellationAnswersCsv,
  listCancellationAnswers,
} from '@/modules/billing/cancellations-csv';

/**
 * `npm run billing:cancellations-csv -- answers.csv` (or `npm run -s billing:cancellations-csv >
 * answers.csv`): the cancellation questionnaire's stored answers (issue 13, spec §4) as CSV — a
 * header and one row per answer, oldest first — for the platform team. Written to the file named,
 * or to stdout. Stop the server first when running on the embedded database (it takes the data
 * directory's lock).
 */
const [outputPath] = process.argv.slice(2);
const config = loadConfig();
const connection = await openDatabase(config);
try {
  const rows = await listCancellationAnswers(connection.db);
  const csv = cancellationAnswersCsv(rows);
  if (outputPath) {
    await writeFile(outputPath, csv);
    process.stderr.write(`${rows.length} answers written to ${outputPath}.\n`);
  } else {
    process.stdout.write(csv);
  }
} finally {
  await connection.close();
}
