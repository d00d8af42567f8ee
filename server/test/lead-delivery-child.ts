// A child process for lead-delivery.test.ts's kill -9 test (issue 32): on an embedded database in a directory of its
// own, it sets the CRM webhook, stores a lead and starts sending it; the test kills it with SIGKILL while the CRM
// holds the request, then opens the same directory and checks what the next dispatcher does.
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { dispatchLeadDeliveries } from '../modules/lead-delivery/dispatcher';
import { saveSettings } from '../modules/lead-delivery/settings';
import { createLead } from '../modules/leads/service';

const [dataDir, crmUrl, secret] = process.argv.slice(2) as [string, string, string];
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED: 'off', LOG_LEVEL: 'silent' });
const database = await openDatabase({ kind: 'pglite', dataDir: `${dataDir}/db` });
await database.migrate();
const app = await buildApp({ config, database, logger: false });
await app.ready();
await saveSettings(database.db, { pii: config.pii, refusePrivateHosts: false }, { id: null, name: 'test' }, { adfEmail: null, webhookUrl: crmUrl, webhookSecret: secret });
const lead = await createLead(database.db, { source: 'contact', leadType: 'contact', name: 'Killed Mid-Send', email: 'kms@example.ca' });
process.stdout.write(`lead ${lead.id}\n`);
// The CRM never answers this one: the process is killed while it waits.
await dispatchLeadDeliveries(app, { timeoutMs: 600_000 });
process.stdout.write('not killed\n');
