import { TESTIMONIALS_SHOWN, testimonialInputSchema } from '@skillwise/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { failWith, parseCommandLine, rowIdOf } from '../../lib/command-line';
import {
  deleteTestimonial,
  insertTestimonial,
  listTestimonials,
  type TestimonialRow,
  updateTestimonial,
} from './site.repository';

/** What `npm run testimonials -- help` prints, and what a wrong command is answered with. */
export const TESTIMONIALS_USAGE = [
  'npm run testimonials                                   list them',
  'npm run testimonials -- add --name N --quote Q [--role R]',
  'npm run testimonials -- edit ID [--name N] [--quote Q] [--role R]   (--role "" removes the role)',
  'npm run testimonials -- remove ID',
].join('\n');

/** A mistake in the command line, said to the operator with the usage (no stack trace). */
export class TestimonialsCommandError extends Error {}

const fail = failWith(TestimonialsCommandError, TESTIMONIALS_USAGE);

const idOf = (raw: string | undefined): number =>
  rowIdOf(raw) ??
  fail(`The testimonial's id must be a whole number, as the list shows it (got ${raw ?? 'nothing'}).`);

/** The fields checked by the contract's rules, the first problem named by its option. */
function checked<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return fail(`--${String(issue?.path[0] ?? 'quote')} ${issue?.message ?? 'is not valid'}.`);
}

const describe = (rows: TestimonialRow[]): string[] =>
  rows.length === 0
    ? ['No testimonials: the landing page shows none.']
    : [
        ...rows.flatMap((row, index) => [
          `#${row.id}  ${row.name}${row.role ? `, ${row.role}` : ''}${index < TESTIMONIALS_SHOWN ? '' : '  (not shown)'}`,
          `    “${row.quote}”`,
        ]),
        `The landing page shows the first ${TESTIMONIALS_SHOWN}.`,
      ];

/**
 * The operator's command for the landing page's testimonials (README): lists, adds, edits or removes
 * one, then answers the lines to print (the list as it now is). A mistake throws
 * TestimonialsCommandError and changes nothing.
 */
export async function runTestimonialsCommand(db: Db, args: string[]): Promise<string[]> {
  const { values, positionals } = parseCommandLine(
    args,
    { name: { type: 'string' }, quote: { type: 'string' }, role: { type: 'string' } },
    fail,
  );
  const [command = 'list', ...rest] = positionals;
  const given = {
    ...(values.name === undefined ? {} : { name: values.name }),
    ...(values.quote === undefined ? {} : { quote: values.quote }),
    ...(values.role === undefined ? {} : { role: values.role }),
  };
  const noOptions = () => {
    if (Object.keys(given).length > 0) fail(`"${command}" takes no --name, --quote or --role.`);
  };
  const noMore = (count: number) => {
    if (rest.length > count) fail(`Unexpected "${rest[count]}".`);
  };

  switch (command) {
    case 'help':
      return TESTIMONIALS_USAGE.split('\n');
    case 'list':
      noOptions();
      noMore(0);
      break;
    case 'add': {
      noMore(0);
      const row = await insertTestimonial(db, checked(testimonialInputSchema, given));
      return [`Added #${row.id}.`, ...describe(await listTestimonials(db))];
    }
    case 'edit': {
      noMore(1);
      const id = idOf(rest[0]);
      if (Object.keys(given).length === 0) fail('Give what to change: --name, --quote or --role.');
      const changes = checked(testimonialInputSchema.partial(), given);
      if (!(await updateTestimonial(db, id, changes))) fail(`There is no testimonial #${id}.`);
      return [`Changed #${id}.`, ...describe(await listTestimonials(db))];
    }
    case 'remove': {
      noOptions();
      noMore(1);
      const id = idOf(rest[0]);
      if (!(await deleteTestimonial(db, id))) fail(`There is no testimonial #${id}.`);
      return [`Removed #${id}.`, ...describe(await listTestimonials(db))];
    }
    default:
      fail(`Unknown command "${command}".`);
  }
  return describe(await listTestimonials(db));
}
