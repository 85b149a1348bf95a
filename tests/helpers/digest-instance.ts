/**
 * One instance's digest rounds, as a process of its own, for tests/api/digest-processes.test.ts: the server's own
 * digest service and SMTP mailer over DATABASE_URL, at the instant DIGEST_TEST_NOW (the test's clock: the instance
 * sees the same time however long the test takes). Runs ROUNDS rounds at once, prints how many e-mails it sent.
 */
import { loadConfig } from '../../server/config';
import { openPostgres } from '../../server/db/client';
import { createDigestService } from '../../server/services/digest/digest-service';
import { createMailer } from '../../server/services/mail/create-mailer';

const config = loadConfig(process.env);
const handle = await openPostgres(config.databaseUrl!, { poolMax: 4 });
const mailer = createMailer(config, { info: () => {} });
const at = new Date(process.env.DIGEST_TEST_NOW!);
const service = createDigestService({ db: handle.db, config, mailer, now: () => at });
const rounds = Number(process.env.ROUNDS ?? 3);
const counts = await Promise.all(Array.from({ length: rounds }, () => service.runDue()));
mailer.close?.();
await handle.close();
process.stdout.write(`${JSON.stringify({ sent: counts.reduce((a, b) => a + b, 0) })}\n`);
