import pino from 'pino';

export function createLogger(level: string) {
  return pino({ level, base: { service: 'safari-site' }, timestamp: pino.stdTimeFunctions.isoTime });
}
export type { Logger } from 'pino';
