import { initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  getAuth,
  onAuthStateChanged,
  signInWithEmailAndPassword,
  signOut,
  type User,
} from 'firebase/auth';
import { createApi, type ApiError } from './api';
import { h, show } from './dom';
import { rangeFromQuery, rangeQuery, presetRange, type Range } from './range';
import { budgetsPage } from './budgets';
import * as views from './views';

/** Written beside the page by the deployment (or the local stack): where the API and Firebase Authentication are. */
interface DashboardConfig {
  apiBase: string;
  firebase: { apiKey: string; authDomain?: string; projectId: string };
  authEmulatorUrl?: string;
}

async function start(): Promise<void> {
  const config = (await (await fetch('/config.json', { cache: 'no-store' })).json()) as DashboardConfig;
  const auth = getAuth(initializeApp(config.firebase));
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  const nav = document.getElementById('nav')!;
  const who = document.getElementById('who')!;
  let user: User | null = null;
  let range: Range = presetRange(30);
  let notice = '';

  const api = createApi(config.apiBase, async () => {
    if (!user) throw new Error('Not signed in');
    return user.getIdToken();
  });

  const ctx: views.Context = {
    api,
    get range() {
      return range;
    },
    /** The range goes into the address (shareable, and the back button restores it); hashchange routes. */
    setRange(next) {
      range = next;
      const target = `${location.hash.split('?')[0] || '#/'}?${rangeQuery(next)}`;
      if (location.hash !== target) location.hash = target;
      else void route();
    },
    onAuthProblem(error: ApiError) {
      if (error.status === 401) {
        notice = 'Your session expired: sign in again.';
        void signOut(auth);
      } else {
        refused(user?.email ?? '');
      }
    },
  };

  function signInPage(): void {
    nav.hidden = true;
    who.replaceChildren();
    const email = h('input', {
      type: 'email',
      name: 'email',
      autocomplete: 'username',
      required: true,
      'aria-label': 'Email',
    });
    const password = h('input', {
      type: 'password',
      name: 'password',
      autocomplete: 'current-password',
      required: true,
      'aria-label': 'Password',
    });
    const message = h('p', { class: notice ? 'error' : 'state', 'data-testid': 'signin-message' }, notice);
    notice = '';
    show(
      h('h1', {}, 'Sign in'),
      h('p', {}, 'The AI spend dashboard is for platform administrators.'),
      h(
        'form',
        {
          class: 'signin',
          onsubmit: async (event: Event) => {
            event.preventDefault();
            message.className = 'state';
            message.textContent = 'Signing in…';
            try {
              await signInWithEmailAndPassword(auth, email.value, password.value);
            } catch (error) {
              const code = (error as { code?: string }).code ?? '';
              message.className = 'error';
              message.textContent =
                code === 'auth/network-request-failed' ? 'Network error: try again.' : 'Wrong email or password.';
            }
          },
        },
        email,
        password,
        h('button', { type: 'submit' }, 'Sign in'),
      ),
      message,
    );
  }

  function refused(email: string): void {
    nav.hidden = true;
    show(
      h('h1', { 'data-testid': 'refused' }, 'Administrators only'),
      h('p', {}, `${email} is signed in but is not a platform administrator. Ask an administrator for access.`),
      h('button', { onclick: () => signOut(auth) }, 'Sign out'),
    );
  }

  async function route(): Promise<void> {
    if (!user) return signInPage();
    const claims = (await user.getIdTokenResult()).claims;
    if (claims.admin !== true) return refused(user.email ?? '');
    nav.hidden = false;
    who.replaceChildren(user.email ?? '', ' ', h('button', { onclick: () => signOut(auth) }, 'Sign out'));
    const [hashPath, query = ''] = location.hash.split('?');
    range = rangeFromQuery(new URLSearchParams(query), range);
    const [, view, id] = /^#\/([^/]*)\/?(.*)$/.exec(hashPath) ?? [];
    if (view === 'company' && id) return views.company(ctx, decodeURIComponent(id));
    if (view === 'onboarding') return views.onboarding(ctx);
    if (view === 'config') return views.globalDefault(ctx);
    if (view === 'budgets') return budgetsPage(ctx);
    return views.overview(ctx);
  }

  window.addEventListener('hashchange', () => void route());
  onAuthStateChanged(auth, (next) => {
    user = next;
    void route();
  });
}

start().catch((error) =>
  show(
    h(
      'p',
      { class: 'error', 'data-state': 'error' },
      `The dashboard could not start: ${error instanceof Error ? error.message : String(error)}`,
    ),
  ),
);
