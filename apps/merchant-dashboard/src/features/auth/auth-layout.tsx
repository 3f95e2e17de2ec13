import type { ReactNode } from 'react';

/** The centred card the account pages share. */
export function AuthLayout({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="md-auth">
      <div className="md-auth__card">
        <p className="md-brand">
          PriceHunt <span>for business</span>
        </p>
        <h1>{title}</h1>
        {children}
        {footer ? <div className="md-auth__footer">{footer}</div> : null}
      </div>
    </main>
  );
}
