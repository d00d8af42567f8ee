// The logger a service is handed (issue 31 §1: services and domain code import no Fastify type). The app's pino
// logger is one; a test may pass its own.
export interface Logger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
