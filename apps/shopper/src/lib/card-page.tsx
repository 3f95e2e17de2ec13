import type { ReactNode } from 'react';

/** A page of one card under its heading: the pages the links in our emails open (confirm, reset a password, stop). */
export function CardPage({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="ph-page ph-login">
      <div className="ph-login__card">
        <h1 className="ph-auth__title">{title}</h1>
        {children}
      </div>
    </div>
  );
}
