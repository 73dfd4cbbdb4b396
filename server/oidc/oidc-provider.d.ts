// The part of oidc-provider's API the sandbox uses (the package ships no type declarations).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface AdapterPayload {
    grantId?: string;
    userCode?: string;
    uid?: string;
    consumed?: number;
    [key: string]: unknown;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface Grant {
    jti?: string;
    clientId?: string;
    accountId?: string;
    addOIDCScope(scope: string): void;
    getOIDCScope(): string;
    save(): Promise<string>;
  }

  export interface GrantConstructor {
    new (properties: { clientId: string; accountId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface Interaction {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    /** The browser's session when the sign-in began: `cookie` is its id. */
    session?: { accountId?: string; uid?: string; cookie?: string };
    grantId?: string;
    /** Seconds since the epoch when this interaction expires. */
    exp: number;
    save(ttlSeconds: number): Promise<void>;
  }

  export interface SessionModel {
    /** Set once someone signed in with this session. */
    accountId?: string;
    destroy(): Promise<void>;
  }

  /** A Koa context of the provider's own app (Provider extends Koa). */
  export interface ProviderContext {
    req: IncomingMessage;
    res: ServerResponse;
  }

  export interface SessionConstructor {
    find(id: string): Promise<SessionModel | undefined>;
    /** The browser's session read from its cookie; a new, unsaved one when it has none. */
    get(ctx: ProviderContext): Promise<SessionModel>;
  }

  /** The Koa context with the provider's request state, as the configuration hooks receive it. */
  export interface KoaContextWithOIDC {
    status: number;
    type: string;
    body: unknown;
    set(field: string, value: string): void;
    oidc: {
      provider: Provider;
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
    };
  }

  export interface InteractionResults {
    login?: { accountId: string };
    consent?: { grantId: string };
    error?: string;
    error_description?: string;
  }

  export class Provider {
    constructor(issuer: string, configuration: object);
    readonly issuer: string;
    readonly Grant: GrantConstructor;
    readonly Session: SessionConstructor;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    createContext(req: IncomingMessage, res: ServerResponse): ProviderContext;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export default Provider;
}
