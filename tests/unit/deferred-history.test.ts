// @vitest-environment jsdom
// The history of a console drawn ahead of sign-in: its moves stay inside it until the person is
// signed in; then the address becomes its page and the browser's history takes over.
import { afterEach, describe, expect, it } from 'vitest';
import { createDeferredHistory } from '../../src/routes/deferredHistory';

const address = () => `${window.location.pathname}${window.location.search}`;

describe('the deferred history', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('moves inside itself, telling its listener, while the address stays the sign-in page', () => {
    window.history.replaceState(null, '', '/login?redirect=%2F');
    const { history } = createDeferredHistory('/');
    const heard: string[] = [];
    history.listen(({ action, location }) => heard.push(`${action} ${location.pathname}${location.search}`));
    expect(history.location.pathname).toBe('/');
    history.replace('/home');
    history.push({ pathname: '/device/index', search: '?page=2' }, { from: 'menu' });
    expect(heard).toEqual(['REPLACE /home', 'PUSH /device/index?page=2']);
    expect(history.location.state).toEqual({ from: 'menu' });
    expect(address()).toBe('/login?redirect=%2F');
    expect(window.history.length).toBe(1);
  });

  it('gives the address its page once activated, and the browser its moves from then on', () => {
    window.history.replaceState(null, '', '/login?redirect=%2Fcrew%2Findex');
    const { history, activate } = createDeferredHistory('/crew/index');
    const heard: string[] = [];
    history.listen(({ action, location }) => heard.push(`${action} ${location.pathname}`));
    history.replace('/crew/index?page=1');
    activate();
    expect(address()).toBe('/crew/index?page=1');
    expect(history.location.search).toBe('?page=1');
    history.push('/device/index');
    expect(address()).toBe('/device/index');
    expect(heard).toEqual(['REPLACE /crew/index', 'PUSH /device/index']);
    expect(history.createHref({ pathname: '/a', search: '?b=1' })).toBe('/a?b=1');
  });
});
