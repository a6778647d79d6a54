/**
 * Entry point: read the runtime configuration, start error reporting when configured, then render the app.
 * Nothing renders before the configuration is known, because every screen depends on it, nor before the
 * first page's screen code and data are in (router.tsx), so that its first paint is the finished screen.
 */
// First: before any schema is built (no CSP violation from zod's eval probe).
import './shared/lib/zod-without-eval.ts';
import { copy, messages } from '@portal/contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { loadClientConfig } from './shared/config/load-client-config.ts';
import { createApiClient } from './shared/lib/api-client.ts';
import { initErrorReporting, reportError } from './shared/lib/error-reporting.ts';
import './styles/global.css';

function ConfigErrorPage() {
  return (
    <main id="main" className="main">
      <section className="page">
        <h1>{messages.unexpectedError}</h1>
        <p>{copy.configLoadError}</p>
      </section>
    </main>
  );
}

async function start(container: HTMLElement): Promise<void> {
  const root = createRoot(container, {
    onUncaughtError(error, info) {
      reportError(error);
      console.error(error, info.componentStack);
    },
  });
  let config: Awaited<ReturnType<typeof loadClientConfig>>;
  try {
    config = await loadClientConfig();
  } catch (error) {
    console.error('The runtime configuration could not be loaded', error);
    root.render(<ConfigErrorPage />);
    return;
  }
  void initErrorReporting(config);
  const queryClient = createQueryClient();
  const { router, ready } = createAppRouter({
    queryClient,
    api: createApiClient(config),
    clientCode: config.clientCode,
  });
  await ready;
  root.render(
    <StrictMode>
      <App config={config} queryClient={queryClient} router={router} />
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void start(container);
