import { Link } from 'react-router';
import { ApiError } from './api-client';
import { paths } from './paths';

/** A link after a message: where to go to do something about it. */
export type MessageLink = { to: string; label: string };

/** Where a refusal for a plan's limit (PLAN_LIMIT) leads: the organisation's plan, to renew or upgrade it. */
export const PLAN_LIMIT_LINK: MessageLink = { to: paths.admin.billing, label: 'See Plan & billing' };

/** The link a failed call's message carries: Plan & billing for a plan's limit, else none. */
export const failureLink = (error: unknown): MessageLink | undefined =>
  error instanceof ApiError && error.code === 'PLAN_LIMIT' ? PLAN_LIMIT_LINK : undefined;

/** A message followed by its link (if any), in a toast or inline under a form. */
export const MessageWithLink = ({ message, link }: { message: string; link: MessageLink | undefined }) =>
  link ? (
    <span>
      {message}{' '}
      <Link to={link.to} className="font-semibold underline">
        {link.label}
      </Link>
    </span>
  ) : (
    message
  );
