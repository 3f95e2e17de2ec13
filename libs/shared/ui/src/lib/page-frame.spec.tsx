import { render, screen } from '@testing-library/react';
import { NotFoundPanel, SkipLink } from './page-frame';

describe('SkipLink', () => {
  it('links to the main element', () => {
    render(<SkipLink className="app-skip" />);
    const link = screen.getByRole('link', { name: 'Skip to content' });
    expect(link).toHaveAttribute('href', '#main');
    expect(link).toHaveClass('app-skip');
  });
});

describe('NotFoundPanel', () => {
  it('is a main landmark with the heading, the message and where to go instead', () => {
    render(
      <NotFoundPanel className="app-auth" panelClassName="app-auth__panel" message="There is no page at this address.">
        <a href="/">Go home</a>
      </NotFoundPanel>,
    );
    const main = screen.getByRole('main');
    expect(main).toHaveClass('app-auth');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' }).parentElement).toHaveClass('app-auth__panel');
    expect(screen.getByText('There is no page at this address.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  });
});
