import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { council } from '../../config/council';
import { useLocale } from '../../i18n/i18n-provider';
import { locales } from '../../i18n/locales';
import { clearToken } from '../../lib/session';
import { MaintenanceGate } from '../../features/maintenance/maintenance-gate';

const LOGIN_STYLE = ['/login', '/registrarse'];

/** Header, main content behind the maintenance gate, help button and footer. */
export function AppLayout() {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const loginStyle = LOGIN_STYLE.includes(pathname);

  const logout = () => {
    clearToken();
    navigate('/login');
  };

  return (
    <div className={loginStyle ? 'min-h-screen bg-slate-100' : 'min-h-screen bg-white'}>
      <a href="#main" className="sr-only focus:not-sr-only">
        <FormattedMessage id="app.skipToContent" />
      </a>
      <header className="flex flex-wrap items-center gap-4 bg-[#0b3d6b] px-4 py-3 text-white">
        <Link to="/dashboard" className="flex items-center gap-3">
          <img
            src={council.logo}
            alt={intl.formatMessage({ id: 'header.logoAlt' })}
            width={40}
            height={40}
          />
        </Link>
        <p className="text-lg font-semibold">{council.portalTitle[locale]}</p>
        <nav
          aria-label={intl.formatMessage({ id: 'header.language' })}
          className="ml-auto flex gap-1"
        >
          {locales.map((code) => (
            <button
              key={code}
              type="button"
              lang={code}
              aria-pressed={code === locale}
              aria-label={intl.formatMessage({ id: `lang.${code}` })}
              onClick={() => setLocale(code)}
              className="rounded px-2 py-1 font-semibold aria-pressed:bg-white aria-pressed:text-[#0b3d6b]"
            >
              {code.toUpperCase()}
            </button>
          ))}
        </nav>
        {!loginStyle && (
          <button type="button" onClick={logout} className="rounded border border-white px-3 py-1">
            <FormattedMessage id="header.logout" />
          </button>
        )}
      </header>
      <main id="main" className="p-4">
        <MaintenanceGate>
          <Outlet />
        </MaintenanceGate>
      </main>
      <button
        type="button"
        className="fixed right-4 bottom-4 rounded-full bg-[#0b3d6b] px-4 py-3 text-white"
      >
        <FormattedMessage id="help.open" />
      </button>
      <footer className="border-t p-4 text-sm">
        <p>{council.name}</p>
      </footer>
    </div>
  );
}
