/** The part of oidc-provider 8 (a JavaScript package without types) that the development age provider uses. */
declare module 'oidc-provider' {
  // An ambient module's own imports: `import type` inside `declare module` is not seen by the compiler here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  type IncomingMessage = import('node:http').IncomingMessage;
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  type ServerResponse = import('node:http').ServerResponse;

  interface InteractionDetails {
    uid: string;
    prompt: { name: string };
    params: Record<string, unknown> & { client_id?: string };
  }

  class Grant {
    constructor(properties: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
