// npm run db:backup | db:restore | db:migrate-to: see server/modules/backup/cli.ts and docs/OPERATIONS.md.
import process from 'node:process';
import { runCli } from '../server/modules/backup/cli';

const [command = '', ...args] = process.argv.slice(2);
process.exitCode = await runCli(command, args, process.env, { log: (l) => console.log(l), error: (l) => console.error(l) });
