// Runs the JSON API alone, at /, on its own port (PORT). The web process can then use it
// through API_URL.
import { ConfigError, loadConfig } from '../config.ts';
import { createApp } from '../app.ts';
import { createLogger } from '../logger.ts';
import { listen, onShutdown } from '../serve.ts';

let config;
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
  const app = await createApp(config, logger, { web: false });
  const served = await listen(app.api!, { port: config.PORT, host: config.HOST, logger });
  logger.info({ url: `http://localhost:${served.port}` }, 'API is up');
  onShutdown(logger, config.SHUTDOWN_TIMEOUT_MS, async () => {
    await served.close();
    await app.stop();
  });
} catch (err) {
  logger.fatal({ err }, 'could not start');
  process.exit(1);
}
