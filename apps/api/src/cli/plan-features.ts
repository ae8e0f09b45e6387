// The plan cards' items, kept next to the prices (README "Plan cards", docs/decisions/038):
// `npm run plan-features` lists them; `-- include ID`, `-- exclude ID`, `-- auto ID`, `-- text ID "…"`,
// `-- note ID "…"`, `-- add PLAN "…" [CAPABILITY]` and `-- remove ID` change them. With the embedded
// database, stop the server first (one process per DATA_DIR); with DATABASE_URL it works while the app
// runs, and the cards follow within PUBLIC_CACHE_SECONDS.
import {
  PlanFeaturesCommandError,
  runPlanFeaturesCommand,
} from '../modules/organisations/plan-features-command';
import { runOperatorCommand } from './operator-command';

runOperatorCommand((db) => runPlanFeaturesCommand(db, process.argv.slice(2)), [PlanFeaturesCommandError]);
