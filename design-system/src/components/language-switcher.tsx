import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import { LOCALES, type Locale } from '../lib/locales.ts';

function Flag({ locale }: { locale: Locale }) {
  const common = {
    'aria-hidden': true,
    focusable: false,
    className: 'h-4 w-6 shrink-0 rounded-[2px] ring-1 ring-black/30',
    preserveAspectRatio: 'none',
  } as const;
  if (locale === 'es')
    return (
      <svg {...common} viewBox="0 0 30 20">
        <rect width="30" height="20" fill="#AA151B" />
        <rect y="5" width="30" height="10" fill="#F1BF00" />
      </svg>
    );
  if (locale === 'en')
    return (
      <svg {...common} viewBox="0 0 60 30">
        <rect width="60" height="30" fill="#012169" />
        <path d="M0,0 L60,30 M60,0 L0,30" stroke="#FFFFFF" strokeWidth="6" />
        <path d="M0,0 L60,30 M60,0 L0,30" stroke="#C8102E" strokeWidth="2" />
        <path d="M30,0 V30 M0,15 H60" stroke="#FFFFFF" strokeWidth="10" />
        <path d="M30,0 V30 M0,15 H60" stroke="#C8102E" strokeWidth="6" />
      </svg>
    );
  return (
    <svg {...common} viewBox="0 0 30 20">
      <rect width="30" height="20" fill="#FFFFFF" />
      <path d="M0,0 L30,20" stroke="#0099CC" strokeWidth="4.5" />
    </svg>
  );
}

export type LanguageSwitcherProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The language shown now (its button is marked current). */
  locale: Locale;
  /** Called with the language picked. */
  onLocaleChange: (locale: Locale) => void;
  /** Accessible name of the group, e.g. "Language". */
  label: string;
  /** Each language named in itself: { es: 'Español', en: 'English', gl: 'Galego' }. */
  languageNames: Record<Locale, string>;
  /** "dark" on the header band (white text), "light" on a light background. */
  tone?: 'dark' | 'light';
};

/**
 * ES / EN / GL toggle buttons with flags. Each button has lang, aria-pressed and the language's
 * own name as accessible name. Shows the name from 600px, the two-letter code below.
 */
export function LanguageSwitcher({
  locale,
  onLocaleChange,
  label,
  languageNames,
  tone = 'dark',
  className,
  ...props
}: LanguageSwitcherProps) {
  return (
    <div
      role="group"
      aria-label={label}
      data-slot="language-switcher"
      className={cn('flex flex-wrap gap-1', className)}
      {...props}
    >
      {LOCALES.map((code) => {
        const active = code === locale;
        return (
          <button
            key={code}
            type="button"
            lang={code}
            aria-pressed={active}
            title={languageNames[code]}
            onClick={() => {
              if (!active) onLocaleChange(code);
            }}
            className={cn(
              'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-control border-2 px-2.5 text-small font-semibold',
              tone === 'dark'
                ? 'border-transparent text-header-foreground hover:border-header-foreground/60 focus-ring-inverse aria-pressed:border-header-foreground'
                : 'border-transparent text-foreground hover:border-border focus-ring aria-pressed:border-primary',
              'aria-pressed:underline aria-pressed:underline-offset-4',
            )}
          >
            <Flag locale={code} />
            <span className="max-narrow:hidden">{languageNames[code]}</span>
            {/* a phone shows the code: the name still starts with what is seen (WCAG 2.5.3) */}
            <span className="narrow:hidden">
              {code.toUpperCase()}
              <span className="sr-only"> {languageNames[code]}</span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
