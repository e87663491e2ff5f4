import { Component, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useLocation } from 'react-router';

/** Shown when a screen fails to load or throws: a way back instead of a blank page. */
export function RouteError() {
  return (
    <section role="alert" className="mx-auto max-w-xl p-8">
      <h1 className="text-2xl font-bold">
        <FormattedMessage id="app.routeError" />
      </h1>
      <p className="mt-4">
        <Link to="/login" className="underline">
          <FormattedMessage id="app.routeErrorBack" />
        </Link>
      </p>
    </section>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** The address: going to another one clears the error. */
  path: string;
}

// React catches render errors only in a class component
class Boundary extends Component<BoundaryProps, { failed: boolean; path: string }> {
  override state = { failed: false, path: this.props.path };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { path: string }) {
    return props.path === state.path ? null : { failed: false, path: props.path };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** RouteError in place of a screen that throws or whose code cannot be downloaded. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary path={pathname}>{children}</Boundary>;
}
