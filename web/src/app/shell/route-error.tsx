import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';

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
