// `npm start` runs this before building the web app: a bad setting, or a DATA_DIR another server holds,
// stops it here, before the build replaces the files a running server is serving.
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from '../config';
import { dataDirHolder, dataDirInUse } from '../lib/data-dir-lock';
import { failStartup } from '../lib/startup';

// README "Run it": Skillwise runs on Node 24, the long-term release; an older Node is told so here.
const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor < 24)
  failStartup(`Skillwise needs Node.js 24 or newer; this is Node.js ${process.versions.node}.`);

if (existsSync('.env')) process.loadEnvFile('.env');
try {
  const config = loadConfig();
  const holder = config.databaseUrl ? undefined : dataDirHolder(config.dataDir);
  if (holder !== undefined) failStartup(dataDirInUse(config.dataDir, holder));
} catch (error) {
  if (error instanceof ConfigError) failStartup(error.message);
  throw error;
}
