/**
 * Names of the Remote face, shared by the Host service (`remote.ts`) and the published Typert
 * contributions (`typert.ts`, `remote-client.ts`). No imports, so the Client contribution can
 * use them without pulling in Host code.
 */

/** npm package that owns the Remote method; the contributions' `package` field. */
export const REMOTE_PACKAGE = '@deepseek-ai/dsh-session-reference';

/**
 * Cordis key of the Remote service. `sessionReferenceResolver` is taken by the resolver itself,
 * so the Remote face registers under its own key and exports through the wire namespace below.
 */
export const REMOTE_SERVICE_KEY = 'sessionReferenceRemote';

/** Wire namespace: the browser calls `ctx.remote.sessionReferenceResolver.*`. */
export const REMOTE_NAMESPACE = 'sessionReferenceResolver';

/** Method name of the candidates endpoint. */
export const CANDIDATES_METHOD = 'candidates';

/** `<namespace>/<method>` of the candidates endpoint. */
export const CANDIDATES_ENDPOINT = `${REMOTE_NAMESPACE}/${CANDIDATES_METHOD}` as const;
