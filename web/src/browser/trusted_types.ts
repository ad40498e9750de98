// Trusted Types: on a page (or in a worker) whose Content-Security-Policy requires them for
// scripts, a Worker is created from a TrustedScriptURL only. supclust makes its workers' URLs
// (the module worker here, the pthread workers in it) through a policy of its own, named
// 'supclust', which the page's trusted-types directive must allow when it lists names.

interface Policy {
  createScriptURL(url: string): unknown;
}
interface TrustedTypes {
  createPolicy(name: string, rules: { createScriptURL(url: string): string }): Policy;
}

const POLICY_NAME = 'supclust';

// The realm's policy, made once: a second policy of one name is refused.
let policy: Policy | null | undefined;

/** `url` as a Worker accepts it here: through the 'supclust' policy where Trusted Types exist
 * and the page allows it, else as it is. */
function scriptURL(url: URL | string): unknown {
  const tt = (globalThis as { trustedTypes?: TrustedTypes }).trustedTypes;
  if (!tt?.createPolicy) return url;
  if (policy === undefined) {
    try {
      policy = tt.createPolicy(POLICY_NAME, { createScriptURL: (u) => u }); // only this file's callers hold it
    } catch {
      policy = null; // the page's trusted-types directive does not allow the name
    }
  }
  return policy ? policy.createScriptURL(String(url)) : url;
}

/** The Worker of this realm, its URL made through the policy (where Trusted Types exist). */
function trustedWorker(): typeof Worker {
  const Plain = globalThis.Worker;
  if (!(globalThis as { trustedTypes?: unknown }).trustedTypes) return Plain;
  return class TrustedWorker extends Plain {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(scriptURL(url) as URL, options);
    }
  };
}

/** Runs `start`, whose `new Worker(new URL('…', import.meta.url))` must stay literal for the
 * bundlers that find the worker by it, with the realm's Worker making its URL through the policy;
 * the Worker is the realm's own again when it returns. */
export function withTrustedWorkers<T>(start: () => T): T {
  const Plain = globalThis.Worker;
  globalThis.Worker = trustedWorker();
  try {
    return start();
  } finally {
    globalThis.Worker = Plain;
  }
}

/** The Worker of the realm replaced for good by one that makes its URL through the policy: the
 * supclust worker's, where the glue creates its pthread workers. */
export function trustWorkersHere() {
  globalThis.Worker = trustedWorker();
}

/** A Trusted Types refusal, in the browsers' words. */
export const isTrustedTypesError = (e: unknown) => /TrustedScriptURL|Trusted ?Types/i.test(String((e as Error)?.message ?? e));

export const TRUSTED_TYPES_FIX =
  `the page requires Trusted Types: allow supclust's policy in its Content-Security-Policy (trusted-types ${POLICY_NAME} …), ` +
  'or pass load({ baseUrl, createWorker }) to create the module worker through a policy of your own';
