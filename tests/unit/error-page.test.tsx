// @vitest-environment jsdom
// A screen that fails to render is caught by the layout's error boundary, never reaching the
// window's error event: the error page itself writes it to the error log, once.
import { cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorPage } from '../../src/layout/error-log/ErrorPage';
import { errorLog } from '../../src/layout/error-log/errorLog';

afterEach(() => {
  cleanup();
  errorLog.clear();
});

describe('the error page', () => {
  it('logs the render error once, with its message and stack, and says where to look', () => {
    const error = new Error('Gamma module table failed to render');
    const { rerender } = render(
      <StrictMode>
        <ErrorPage error={error} />
      </StrictMode>,
    );
    rerender(
      <StrictMode>
        <ErrorPage error={error} />
      </StrictMode>,
    );
    expect(errorLog.entries()).toHaveLength(1);
    expect(errorLog.entries()[0]).toMatchObject({ message: 'Gamma module table failed to render', url: window.location.href });
    expect(errorLog.entries()[0].stack).toContain('Gamma module table failed to render');
    expect(screen.getByRole('alert').textContent).toContain('ra.page.error');
    expect(screen.getByText('app.errorLog.see_log')).toBeTruthy();
  });
});
