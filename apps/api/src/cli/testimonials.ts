// The landing page's testimonials, written by the installation's operator (README "Testimonials"):
// `npm run testimonials` lists them; `-- add --name N --quote Q [--role R]`, `-- edit ID ...` and
// `-- remove ID` change them. With the embedded database, stop the server first (one process per
// DATA_DIR); with DATABASE_URL it works while the app runs, and the landing page follows within
// PUBLIC_CACHE_SECONDS.
import { runTestimonialsCommand, TestimonialsCommandError } from '../modules/site/testimonials-command';
import { runOperatorCommand } from './operator-command';

runOperatorCommand((db) => runTestimonialsCommand(db, process.argv.slice(2)), [TestimonialsCommandError]);
