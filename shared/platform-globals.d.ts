/**
 * Globals that both runtimes (Node and the browser) provide, declared here because shared/
 * compiles with neither the DOM's nor Node's type definitions. Only what shared/ uses.
 */
declare class URL {
  constructor(url: string, base?: string | URL);
  readonly hash: string;
  readonly host: string;
  readonly hostname: string;
  readonly href: string;
  readonly origin: string;
  readonly password: string;
  readonly pathname: string;
  readonly port: string;
  readonly protocol: string;
  readonly search: string;
  readonly username: string;
  toString(): string;
}
