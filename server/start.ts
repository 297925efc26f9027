// Starting a process: configuration (a bad value stops it with a clear message), the app, the
// HTTP server, and graceful shutdown. `web` serves the whole site; `api` the JSON API alone at /.
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createApp } from './app.ts';
import { createLogger } from './logger.ts';
import { loadedReactBuild } from './react-build.ts';
import { listen, onShutdown } from './serve.ts';

export async function startProcess(role: 'web' | 'api'): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const logger = createLogger(config.LOG_LEVEL);
  try {
    const app = await createApp(config, logger, { web: role === 'web' });
    const handler = role === 'web' ? app.web! : app.api!;
    const served = await listen(handler, { port: config.PORT, host: config.HOST, logger });
    // The React build this process renders with (read from the files Node loaded, not assumed).
    const react = loadedReactBuild();
    logger.info(
      { url: `http://localhost:${served.port}`, siteUrl: config.SITE_URL, nodeEnv: config.NODE_ENV, react: react.build, reactFile: react.file },
      role === 'web' ? 'site is up' : 'API is up',
    );
    if (config.NODE_ENV === 'production' && react.build === 'development')
      logger.warn('React development build loaded although NODE_ENV is production: pages render several times slower');
    onShutdown(logger, config.SHUTDOWN_TIMEOUT_MS, async () => {
      await served.close();
      await app.stop();
    });
  } catch (err) {
    logger.fatal({ err }, 'could not start');
    process.exit(1);
  }
}
