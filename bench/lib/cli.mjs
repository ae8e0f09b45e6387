// A benchmark's command line, in one place: its own options, --help and (where it prints JSON) --json.
import { parseArgs } from 'node:util';

/** --json, for a benchmark that also prints its results as JSON. */
export const jsonOption = { json: { type: 'boolean', default: false } };

/**
 * Reads the command line (node:util parseArgs, strict: an unknown option is an error) with the
 * benchmark's options and --help; on --help prints its usage text and exits.
 */
export function readOptions(usage, options) {
  const { values } = parseArgs({
    options: { ...options, help: { type: 'boolean', default: false } },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}

/** Stops on an option the benchmark cannot use: the reason on standard error, exit code 2. */
export function optionError(message) {
  console.error(message);
  process.exit(2);
}
