import { type SQL, sql } from 'drizzle-orm';

const PUBLIC_FILES = '/api/files/public/';
const PUBLIC_FILES_SQL = sql.raw(`'${PUBLIC_FILES}'::text`);

/** Public URL of a stored image (course covers, author photos), served by the files module. */
export const publicFileUrl = (key: string | null) =>
  key ? `${PUBLIC_FILES}${encodeURIComponent(key)}` : null;

/**
 * The same URL written by the database, for an answer it writes as JSON itself (a course's detail): a key
 * of the characters the server's keys are made of has only its slashes encoded; any other key is encoded
 * character by character as encodeURIComponent does (UTF-8 bytes, upper-case hex).
 */
export const publicFileUrlSql = (key: SQL) => sql`case
  when ${key} is null or ${key} = '' then null
  when ${key} ~ '^[A-Za-z0-9_.!~*''()/-]*$' then ${PUBLIC_FILES_SQL} || replace(${key}, '/', '%2F')
  else ${PUBLIC_FILES_SQL} || (select string_agg(case when ch ~ '^[A-Za-z0-9_.!~*''()-]$' then ch
    else upper(regexp_replace(encode(convert_to(ch, 'UTF8'), 'hex'), '(..)', '%\\1', 'g')) end, '' order by n)
    from regexp_split_to_table(${key}, '') with ordinality as chars(ch, n))
end`;
