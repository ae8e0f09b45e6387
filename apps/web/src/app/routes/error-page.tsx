import { Component, type ReactNode } from 'react';
import { Link, type Location } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/drawn-icons';
import { useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';

/** The error boundary of the router (SPEC §2.13 error fallback). */
export const ErrorPage = () => {
  const t = useT();
  return (
    <main className="flex min-h-dvh flex-1 flex-col items-center justify-center bg-slate-50 px-4 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-rose-50 text-3xl text-rose-600">
        <AlertIcon />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">
        {t('common.msg.somethingWentWrong')}
      </h1>
      <p className="mt-2 max-w-md text-slate-600">{t('common.error.explain')}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button onClick={() => window.location.reload()}>{t('common.error.reload')}</Button>
        <Link to={paths.home} reloadDocument className={buttonClassName({ variant: 'outline' })}>
          {t('common.error.home')}
        </Link>
      </div>
    </main>
  );
};

type RouteErrorBoundaryProps = { location: Location; children: ReactNode };
type RouteErrorBoundaryState = { hasError: boolean; location: Location };

/**
 * Shows the ErrorPage in place of a screen that failed to render (or whose code failed to load); going
 * to another page tries again.
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { hasError: false, location: this.props.location };

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { hasError: true };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    return props.location === state.location ? null : { hasError: false, location: props.location };
  }

  override render() {
    return this.state.hasError ? <ErrorPage /> : this.props.children;
  }
}
