import { ConfigError, loadConfig, loadDotEnv } from './config';
import { DatabaseUnavailableError } from '../db/client';
import { createLogger } from './logger';
import { startServer } from './server';
import { createWebHandler, loadRemixBuild } from './web';

/** Process entry for `npm start`: one process serving the web app, /api/v1, /healthz and /ws. */
async function main() {
  let config;
  try {
    loadDotEnv();
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n参见 .env.example 与 README 的配置表。\n`);
      process.exit(78);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  // Listening for the stop signals from the start: one that arrives while the server starts (its
  // first queries keep the thread busy) is kept and honoured once it has started, not lost.
  let running: Awaited<ReturnType<typeof startServer>> | undefined;
  let stopSignal: string | null = null;
  let stopping = false;
  const shutdown = (signal: string) => {
    if (!running) return void (stopSignal ??= signal);
    if (stopping) return;
    stopping = true;
    logger.info('server.shutdown', { signal });
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    running.close().then(
      () => process.exit(0),
      (err) => {
        logger.error('server.shutdown_failed', { err });
        process.exit(1);
      },
    );
  };
  // `on`, not `once`: a signal sent twice (tsx's CLI resends it when the process is slow to
  // answer) must not fall through to the default handler and kill the process mid-shutdown.
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // `npm run dev` sets WEB_BUILD_WATCH so pages pick up each rebuild of `remix watch`.
  const build = await loadRemixBuild({ watch: process.env.WEB_BUILD_WATCH === '1' });

  try {
    running = await startServer({ config, logger, web: (web) => createWebHandler({ build, ...web, logger }) });
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) {
      logger.error('database.unavailable', { message: error.message });
      process.stderr.write(`数据库不可用：${error.message}\n`);
      process.exit(69);
    }
    throw error;
  }
  if (config.devSmsEnabled) {
    logger.warn('sms.dev_sender_enabled', {
      note: '开发模式：短信验证码会显示在登录页，切勿用于生产环境（设置 APP_ENV=production 会拒绝此配置）',
    });
  }
  process.stdout.write(`\n  留学文书 AI 平台已启动: http://localhost:${running.port}\n\n`);

  if (stopSignal) shutdown(stopSignal);
}

main().catch((error) => {
  process.stderr.write(`启动失败：${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
